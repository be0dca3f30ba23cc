import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpArticleResponse, HelpLanguage } from '@tessera/contracts';
import { HELP_STALE_TIME_MS, helpRequest, retryUnlessClientError, useHelpBaseUrl } from './help-request.ts';

/** GET /articles/:id: an article's rendered body, related articles and canonical slugs. */
export function getHelpArticle(baseUrl: string, id: number, language: HelpLanguage, signal?: AbortSignal) {
  return helpRequest<HelpArticleResponse>(baseUrl, `/articles/${id}?lang=${language}`, { signal });
}

export function helpArticleQueryOptions(baseUrl: string, id: number, language: HelpLanguage) {
  return queryOptions({
    queryKey: ['help', 'article', id, language],
    queryFn: ({ signal }) => getHelpArticle(baseUrl, id, language, signal),
    staleTime: HELP_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

export function useHelpArticle(id: number, language: HelpLanguage) {
  return useSuspenseQuery(helpArticleQueryOptions(useHelpBaseUrl(), id, language));
}
