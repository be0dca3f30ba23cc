import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpCategoryResponse, HelpLanguage } from '@tessera/contracts';
import { HELP_STALE_TIME_MS, helpRequest, retryUnlessClientError, useHelpBaseUrl } from './help-request.ts';

/** GET /categories/:id: a category, its articles and its canonical slugs. */
export function getHelpCategory(baseUrl: string, id: number, language: HelpLanguage, signal?: AbortSignal) {
  return helpRequest<HelpCategoryResponse>(baseUrl, `/categories/${id}?lang=${language}`, { signal });
}

export function helpCategoryQueryOptions(baseUrl: string, id: number, language: HelpLanguage) {
  return queryOptions({
    queryKey: ['help', 'category', id, language],
    queryFn: ({ signal }) => getHelpCategory(baseUrl, id, language, signal),
    staleTime: HELP_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

export function useHelpCategory(id: number, language: HelpLanguage) {
  return useSuspenseQuery(helpCategoryQueryOptions(useHelpBaseUrl(), id, language));
}
