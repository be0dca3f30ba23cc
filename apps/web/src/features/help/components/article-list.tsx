import { Link } from '@tanstack/react-router';
import type { HelpArticleSummary, HelpHighlightSegment } from '@tessera/contracts';

/** Highlighted words of a search result, as <mark> (text only: no HTML comes from the service). */
export function Highlighted({ segments }: { segments: readonly HelpHighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}

/** A link to an article at its canonical address. */
export function ArticleLink({
  article,
  children,
}: {
  article: HelpArticleSummary;
  children: React.ReactNode;
}) {
  return (
    <Link
      to="/help/article/$categoryId/$categoryName/$id/$title/"
      params={{
        categoryId: String(article.categoryId),
        categoryName: article.categorySlug,
        id: String(article.id),
        title: article.slug,
      }}
      className="app-article-link"
    >
      {children}
    </Link>
  );
}

/** Articles with their summaries. */
export function ArticleList({
  articles,
  headingLevel = 2,
}: {
  articles: readonly HelpArticleSummary[];
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="app-article-list app-plain-list">
      {articles.map((article) => (
        <li key={article.id} className="app-article-item">
          <Heading className="app-article-item__title">
            <ArticleLink article={article}>{article.title}</ArticleLink>
          </Heading>
          <p className="app-muted">{article.summary}</p>
        </li>
      ))}
    </ul>
  );
}
