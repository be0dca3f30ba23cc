/**
 * The help routes' loaders. Route files import this module lazily, so the help centre's data code stays out of
 * the first load of the home page (docs/benchmarks.md, bundle budget). Each loader fills TanStack Query's cache
 * (the components read it with the same query options), turns NOT_FOUND into the not-found page and replaces
 * non-canonical slugs with the canonical ones (spec section 2).
 */
import { notFound, redirect } from '@tanstack/react-router';
import type { RouterContext } from '#/router.tsx';
import { currentLanguage } from '#/lib/i18n.ts';
import { helpArticleQueryOptions } from './get-help-article.ts';
import { helpCategoriesQueryOptions } from './get-help-categories.ts';
import { helpCategoryQueryOptions } from './get-help-category.ts';
import { helpBaseUrl, isNotFound } from './help-request.ts';
import { helpSearchQueryOptions } from './search-help.ts';

/** A positive integer id from the address, or the not-found page. */
export function parseHelpId(raw: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) {
    throw notFound();
  }
  return Number(raw);
}

/** Awaits a loader's data; a NOT_FOUND answer becomes the not-found page, other failures the error page. */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFound(error)) {
      throw notFound();
    }
    throw error;
  }
}

export async function loadHelpHome(context: RouterContext): Promise<void> {
  await context.queryClient.ensureQueryData(
    helpCategoriesQueryOptions(helpBaseUrl(context.config), currentLanguage()),
  );
}

export async function loadHelpSearch(context: RouterContext, query: string): Promise<void> {
  if (query === '') {
    return;
  }
  // A failed search shows its own message on the page, so it must not fail the route.
  await context.queryClient
    .ensureQueryData(helpSearchQueryOptions(helpBaseUrl(context.config), query, currentLanguage()))
    .catch(() => undefined);
}

export async function loadHelpCategory(
  context: RouterContext,
  params: { id: string; name: string },
): Promise<void> {
  const id = parseHelpId(params.id);
  const { category } = await orNotFound(
    context.queryClient.ensureQueryData(
      helpCategoryQueryOptions(helpBaseUrl(context.config), id, currentLanguage()),
    ),
  );
  if (category.slug !== params.name) {
    throw redirect({
      to: '/help/category/$id/$name/',
      params: { id: String(id), name: category.slug },
      replace: true,
    });
  }
}

export async function loadHelpArticle(
  context: RouterContext,
  params: { categoryId: string; categoryName: string; id: string; title: string },
): Promise<void> {
  const id = parseHelpId(params.id);
  const { article } = await orNotFound(
    context.queryClient.ensureQueryData(
      helpArticleQueryOptions(helpBaseUrl(context.config), id, currentLanguage()),
    ),
  );
  const canonical = {
    categoryId: String(article.categoryId),
    categoryName: article.categorySlug,
    id: String(article.id),
    title: article.slug,
  };
  if (
    canonical.categoryId !== params.categoryId ||
    canonical.categoryName !== params.categoryName ||
    canonical.title !== params.title
  ) {
    throw redirect({
      to: '/help/article/$categoryId/$categoryName/$id/$title/',
      params: canonical,
      replace: true,
    });
  }
}
