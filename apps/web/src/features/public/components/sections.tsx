/** Building blocks of the public pages: hero, features, steps, fees, risks, FAQ and the closing call to action. */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, Card, VisuallyHidden } from '@tessera/ui';
import { getFee } from '@tessera/contracts';
import { DeferredHydration } from '#/lib/deferred-hydration.tsx';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { describeCharge } from '../lib/format-fee.ts';

/** A question and its answer. */
export interface FaqItem {
  question: string;
  answer: string;
}

/** A titled text (feature, step). */
export interface TitledText {
  title: string;
  text: string;
}

/** schema.org FAQPage for the page's questions (rich results in search engines). */
export function faqJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function Hero({
  eyebrow,
  title,
  lead,
  actions,
  illustration,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  actions: ReactNode;
  illustration: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="app-hero">
      <div className="app-container app-hero__grid">
        <div className="app-hero__copy">
          <p className="app-eyebrow">{eyebrow}</p>
          <h1 className="app-hero__title">{title}</h1>
          <p className="app-hero__lead">{lead}</p>
          <div className="app-hero__actions">{actions}</div>
          {children}
        </div>
        <div className="app-hero__art">{illustration}</div>
      </div>
    </section>
  );
}

/** The primary call to action of every public page: open an account. */
export function OpenAccountButton({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation('public');
  return (
    <Button asChild variant="primary" size={size}>
      <Link to="/register">{t('shared.openAccount')}</Link>
    </Button>
  );
}

export function Section({
  id,
  title,
  lead,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={alt ? 'app-section app-section--alt' : 'app-section'} aria-labelledby={id}>
      {/* Sections follow the hero, mostly below the fold: each hydrates when it comes into view. */}
      <DeferredHydration>
        <div className="app-container">
          <h2 id={id} className="app-section__title">
            {title}
          </h2>
          {lead ? <p className="app-section__lead">{lead}</p> : null}
          {children}
        </div>
      </DeferredHydration>
    </section>
  );
}

export function FeatureGrid({ items }: { items: readonly TitledText[] }) {
  return (
    <ul className="app-grid-4 app-plain-list">
      {items.map((item) => (
        <Card as="li" key={item.title} className="app-feature">
          <h3 className="app-feature__title">{item.title}</h3>
          <p className="app-muted">{item.text}</p>
        </Card>
      ))}
    </ul>
  );
}

export function Steps({ items }: { items: readonly TitledText[] }) {
  const { t } = useTranslation('public');
  return (
    <ol className="app-steps">
      {items.map((item, index) => (
        <li key={item.title} className="app-step">
          <span className="app-step__number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className="app-step__title">
              <VisuallyHidden>{`${t('shared.stepLabel', { number: index + 1 })} `}</VisuallyHidden>
              {item.title}
            </h3>
            <p className="app-muted">{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Lines of the fee schedule, from the one fee schedule module, with a link to the full schedule. */
export function FeeList({ ids, text }: { ids: readonly string[]; text?: string }) {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  return (
    <div className="app-fee-summary">
      {text ? <p className="app-muted">{text}</p> : null}
      <dl className="app-fee-list">
        {ids.map((id) => (
          <div key={id} className="app-fee-list__row">
            <dt>{t(`pricing.fees.${id}.label`)}</dt>
            <dd>{describeCharge(getFee(id).charge, language, t)}</dd>
          </div>
        ))}
      </dl>
      <Link to="/pricing/" className="app-link">
        {t('shared.feesLink')}
      </Link>
    </div>
  );
}

export function RiskList({ items }: { items: readonly string[] }) {
  return (
    <ul className="app-risk-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Questions as disclosure widgets: answers are in the HTML (indexable) and open without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="app-faq">
      {items.map((item) => (
        <details key={item.question} className="app-faq__item">
          <summary className="app-faq__question">{item.question}</summary>
          <p className="app-faq__answer">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function CtaBand({ title, text }: { title: string; text: string }) {
  return (
    <section className="app-cta" aria-labelledby="cta-title">
      <DeferredHydration>
        <div className="app-container app-cta__inner">
          <div>
            <h2 id="cta-title" className="app-cta__title">
              {title}
            </h2>
            <p className="app-cta__text">{text}</p>
          </div>
          <OpenAccountButton />
        </div>
      </DeferredHydration>
    </section>
  );
}
