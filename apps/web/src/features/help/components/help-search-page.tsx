import { Link } from '@tanstack/react-router';
import { EmptyState, Spinner } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { useHelpSearch } from '../api/search-help.ts';
import { ArticleLink, Highlighted } from './article-list.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { HelpSearchForm } from './help-search-form.tsx';

/** /help/search/?q=: results with the matched words highlighted, and the empty and no-result states. */
export function HelpSearchPage({ query }: { query: string }) {
  const { t } = useTranslation('help');
  const language = currentLanguage();
  const trimmed = query.trim();
  const search = useHelpSearch(trimmed, language);
  const results = search.data?.results ?? [];
  return (
    <>
      <PageHead
        title={trimmed ? t('search.metaTitleQuery', { query: trimmed }) : t('search.metaTitle')}
        description={t('search.metaDescription')}
        path="/help/search/"
      />
      <div className="app-container app-help-page">
        <Breadcrumbs current={t('search.title')} />
        <h1 className="app-page-title">{t('search.title')}</h1>
        {/* A new query remounts the form so the box shows what the address says. */}
        <HelpSearchForm key={trimmed} initialQuery={trimmed} />
        <div aria-live="polite" className="app-search-results">
          {trimmed === '' ? (
            <EmptyState title={t('search.emptyTitle')} description={t('search.emptyText')} headingLevel={2} />
          ) : search.isPending ? (
            <Spinner label={t('common:loading')} />
          ) : search.isError ? (
            <EmptyState title={t('errorTitle')} description={t('errorText')} headingLevel={2} />
          ) : results.length === 0 ? (
            <EmptyState
              title={t('search.noResultsTitle', { query: trimmed })}
              description={t('search.noResultsText')}
              headingLevel={2}
              action={
                <Link to="/help/" className="app-link">
                  {t('search.browse')}
                </Link>
              }
            />
          ) : (
            <section aria-labelledby="search-results-title">
              <h2 id="search-results-title" className="app-search-results__count">
                {t('search.results', { count: results.length, query: trimmed })}
              </h2>
              {search.data?.correctedQuery ? (
                <p className="app-search-results__corrected">
                  {t('search.corrected', { query: trimmed, corrected: search.data.correctedQuery })}
                </p>
              ) : null}
              <ol className="app-article-list app-plain-list">
                {results.map((result) => (
                  <li key={result.id} className="app-article-item">
                    <h3 className="app-article-item__title">
                      <ArticleLink article={result}>
                        <Highlighted segments={result.titleHighlight} />
                      </ArticleLink>
                    </h3>
                    <p className="app-muted app-article-item__category">{result.categoryName}</p>
                    <p className="app-search-excerpt">
                      <Highlighted segments={result.excerpt} />
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
