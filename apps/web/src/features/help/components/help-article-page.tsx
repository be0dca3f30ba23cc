import { Link, Navigate } from '@tanstack/react-router';
import { helpArticlePath, helpCategoryPath, type HelpArticleResponse } from '@tessera/contracts';
import { DeferredHydration } from '#/lib/deferred-hydration.tsx';
import { formatLongDate } from '#/lib/format-date.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { useHelpArticle } from '../api/get-help-article.ts';
import { ArticleBody } from './article-body.tsx';
import { ArticleFeedback } from './article-feedback.tsx';
import { ArticleList } from './article-list.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ContactCard } from './contact-card.tsx';

/**
 * /help/article/{categoryId}/{categoryName}/{id}/{title}/: breadcrumbs, the article, its outline, "was this
 * helpful" and related articles. Slugs other than the canonical ones are replaced by them.
 */
export function HelpArticlePage({
  id,
  categoryId,
  categorySlug,
  slug,
}: {
  id: number;
  categoryId: number;
  categorySlug: string;
  slug: string;
}) {
  const { t } = useTranslation('help');
  const language = currentLanguage();
  const { data } = useHelpArticle(id, language);
  const { article, related, alternates } = data;
  if (article.slug !== slug || article.categorySlug !== categorySlug || article.categoryId !== categoryId) {
    return (
      <Navigate
        to="/help/article/$categoryId/$categoryName/$id/$title/"
        params={{
          categoryId: String(article.categoryId),
          categoryName: article.categorySlug,
          id: String(article.id),
          title: article.slug,
        }}
        replace
      />
    );
  }
  return (
    <>
      <ArticlePageHead article={article} alternates={alternates} />
      <div className="app-container app-help-page">
        <Breadcrumbs current={article.title}>
          <li>
            <Link
              to="/help/category/$id/$name/"
              params={{ id: String(article.categoryId), name: article.categorySlug }}
            >
              {article.categoryName}
            </Link>
          </li>
        </Breadcrumbs>
        <div className="app-article-layout">
          <ArticleMain article={article} />
          <div className="app-article-aside">
            <ArticleOutline headings={article.headings} />
          </div>
        </div>
        {/* After the article: hydrates when it comes into view. */}
        <DeferredHydration>
          {related.length > 0 ? (
            <section aria-labelledby="related-title" className="app-related">
              <h2 id="related-title" className="app-section__title">
                {t('article.relatedTitle')}
              </h2>
              <ArticleList articles={related} headingLevel={3} />
            </section>
          ) : null}
          <ContactCard />
        </DeferredHydration>
      </div>
    </>
  );
}

type HelpArticle = HelpArticleResponse['article'];

function ArticlePageHead({
  article,
  alternates,
}: {
  article: HelpArticle;
  alternates: HelpArticleResponse['alternates'];
}) {
  const { t } = useTranslation('help');
  const path = helpArticlePath(article);
  return (
    <PageHead
      title={`${article.title} — ${t('metaTitle')}`}
      description={article.summary}
      path={path}
      type="article"
      alternatePaths={{
        en: helpArticlePath({ ...article, ...alternates.en }),
        fr: helpArticlePath({ ...article, ...alternates.fr }),
      }}
      breadcrumbs={[
        { name: t('home'), path: '/help/' },
        { name: article.categoryName, path: helpCategoryPath(article.categoryId, article.categorySlug) },
        { name: article.title, path },
      ]}
    />
  );
}

function ArticleMain({ article }: { article: HelpArticle }) {
  const { t } = useTranslation('help');
  const language = currentLanguage();
  return (
    <article className="app-article" lang={language}>
      <header className="app-article__header">
        <h1 className="app-page-title">{article.title}</h1>
        <p className="app-hero__lead">{article.summary}</p>
        <p className="app-muted app-article__updated">
          {t('article.updated', { date: formatLongDate(article.updated, language) })}
        </p>
      </header>
      <ArticleBody html={article.html} />
      <ArticleFeedback key={`${article.id}-${language}`} articleId={article.id} language={language} />
    </article>
  );
}

/** "On this page": the article's second-level headings. */
function ArticleOutline({ headings }: { headings: HelpArticle['headings'] }) {
  const { t } = useTranslation('help');
  if (headings.length === 0) {
    return null;
  }
  return (
    <nav aria-labelledby="on-this-page" className="app-toc">
      <h2 id="on-this-page" className="app-toc__title">
        {t('article.onThisPage')}
      </h2>
      <ul className="app-plain-list">
        {headings
          .filter((heading) => heading.level === 2)
          .map((heading) => (
            <li key={heading.id}>
              <a href={`#${heading.id}`}>{heading.text}</a>
            </li>
          ))}
      </ul>
    </nav>
  );
}
