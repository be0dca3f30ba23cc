import { Link } from '@tanstack/react-router';
import { Card, Table } from '@tessera/ui';
import {
  FEE_GROUPS,
  FEE_SCHEDULE,
  FEE_SCHEDULE_EFFECTIVE_DATE,
  type FeeScheduleEntry,
} from '@tessera/contracts';
import { DeferredHydration } from '#/lib/deferred-hydration.tsx';
import { formatLongDate } from '#/lib/format-date.ts';
import { currentLanguage, useTranslation, type Language } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { describeCharge } from '../lib/format-fee.ts';
import { CtaBand } from './sections.tsx';

// The help article "How fees work" (id 104) in each language.
const FEES_ARTICLE: Record<Language, { categoryName: string; title: string }> = {
  en: { categoryName: 'getting-started', title: 'how-fees-work' },
  fr: { categoryName: 'premiers-pas', title: 'comprendre-nos-frais' },
};

/** /pricing/: the whole fee schedule, rendered from the one fee schedule module that the services charge from. */
export function PricingPage() {
  const { t } = useTranslation('public');
  return (
    <>
      <PageHead title={t('pricing.metaTitle')} description={t('pricing.metaDescription')} path="/pricing/" />
      <PricingIntro />
      <section className="app-section app-section--flush" aria-label={t('pricing.eyebrow')}>
        <div className="app-container app-narrow">
          {/* Each table hydrates when it comes into view (the schedule is long on a phone). */}
          {FEE_GROUPS.map((group) => (
            <DeferredHydration key={group}>
              <FeeGroupCard group={group} />
            </DeferredHydration>
          ))}
          <DeferredHydration>
            <PricingNotes />
          </DeferredHydration>
        </div>
      </section>
      <CtaBand title={t('pricing.cta.title')} text={t('pricing.cta.text')} />
    </>
  );
}

function PricingIntro() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  return (
    <section className="app-section app-section--tight">
      <div className="app-container app-narrow">
        <p className="app-eyebrow">{t('pricing.eyebrow')}</p>
        <h1 className="app-page-title">{t('pricing.title')}</h1>
        <p className="app-hero__lead">{t('pricing.lead')}</p>
        <p className="app-muted">
          {t('pricing.effective', { date: formatLongDate(FEE_SCHEDULE_EFFECTIVE_DATE, language) })}
        </p>
      </div>
    </section>
  );
}

/** One group of the fee schedule as a table (service, fee). */
function FeeGroupCard({ group }: { group: (typeof FEE_GROUPS)[number] }) {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  return (
    <Card as="section" title={t(`pricing.groups.${group}`)} className="app-fee-group">
      <Table<FeeScheduleEntry>
        caption={t('pricing.caption', { group: t(`pricing.groups.${group}`) })}
        hideCaption
        rows={FEE_SCHEDULE.filter((entry) => entry.group === group)}
        getRowKey={(entry) => entry.id}
        columns={[
          {
            key: 'service',
            header: t('pricing.columns.service'),
            rowHeader: true,
            cell: (entry) => (
              <span className="app-fee-service">
                <span className="app-fee-service__label">{t(`pricing.fees.${entry.id}.label`)}</span>
                <span className="app-muted">{t(`pricing.fees.${entry.id}.detail`)}</span>
              </span>
            ),
          },
          {
            key: 'fee',
            header: t('pricing.columns.fee'),
            width: '38%',
            cell: (entry) => (
              <span className="app-fee-value">{describeCharge(entry.charge, language, t)}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function PricingNotes() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  return (
    <Card as="section" title={t('pricing.notesTitle')}>
      <ul className="app-checklist">
        {(t('pricing.notes', { returnObjects: true }) as string[]).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <p>
        <Link
          to="/help/article/$categoryId/$categoryName/$id/$title/"
          params={{ categoryId: '1', id: '104', ...FEES_ARTICLE[language] }}
          className="app-link"
        >
          {t('pricing.helpLink')}
        </Link>
      </p>
    </Card>
  );
}
