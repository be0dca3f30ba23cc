import { Link } from '@tanstack/react-router';
import { formatLongDate } from '#/lib/format-date.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';

/** The legal pages, in footer order, with their paths (LEGAL_PAGE_PATHS in @tessera/contracts). */
export const LEGAL_PAGES = [
  { page: 'terms', path: '/legal/terms/' },
  { page: 'privacy', path: '/legal/privacy/' },
  { page: 'complaints', path: '/legal/complaints/' },
  { page: 'regulatory', path: '/legal/regulatory-information/' },
  { page: 'imprint', path: '/legal/imprint/' },
] as const;

export type LegalPageName = (typeof LEGAL_PAGES)[number]['page'];

/**
 * When each page's text (public.json `legal`) last changed. Terms and privacy are versioned by these dates
 * (packages/contracts legal-documents.ts): a new date there asks every customer to accept before money moves.
 */
const LEGAL_UPDATED: Record<LegalPageName, string> = {
  terms: '2026-11-26',
  privacy: '2026-11-27',
  complaints: '2026-11-26',
  regulatory: '2026-11-26',
  imprint: '2026-11-26',
};

interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/**
 * /legal/terms/, /legal/privacy/, /legal/complaints/, /legal/regulatory-information/, /legal/imprint/: what a bank
 * must publish, written for what Tessera is (a demonstration bank with no licence), in both languages.
 */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  const path = LEGAL_PAGES.find((entry) => entry.page === page)!.path;
  const sections = t(`legal.pages.${page}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <>
      <PageHead
        title={t(`legal.pages.${page}.metaTitle`)}
        description={t(`legal.pages.${page}.metaDescription`)}
        path={path}
      />
      <section className="app-section app-section--tight">
        <div className="app-container app-narrow">
          <article className="app-article app-legal" lang={language}>
            <header className="app-article__header">
              <p className="app-eyebrow">{t('legal.eyebrow')}</p>
              <h1 className="app-page-title">{t(`legal.pages.${page}.title`)}</h1>
              <p className="app-hero__lead">{t(`legal.pages.${page}.lead`)}</p>
              <p className="app-muted app-article__updated">
                {t('legal.updated', { date: formatLongDate(LEGAL_UPDATED[page], language) })}
              </p>
            </header>
            <div className="app-article-body">
              {sections.map((section) => (
                <section key={section.heading}>
                  <h2>{section.heading}</h2>
                  {(section.paragraphs ?? []).map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {section.items ? (
                    <ul>
                      {section.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                </section>
              ))}
            </div>
            <nav aria-label={t('legal.otherPages')} className="app-legal__nav">
              <h2 className="app-toc__title">{t('legal.otherPages')}</h2>
              <ul className="app-legal__links">
                {LEGAL_PAGES.filter((entry) => entry.page !== page).map((entry) => (
                  <li key={entry.page}>
                    <Link to={entry.path} className="app-link">
                      {t(`legal.pages.${entry.page}.title`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </article>
        </div>
      </section>
    </>
  );
}
