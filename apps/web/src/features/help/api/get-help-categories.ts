import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HelpCategoriesResponse, HelpLanguage } from '@tessera/contracts';
import { HELP_STALE_TIME_MS, helpRequest, retryUnlessClientError, useHelpBaseUrl } from './help-request.ts';

/** GET /categories: every category with its article count. */
export function getHelpCategories(baseUrl: string, language: HelpLanguage, signal?: AbortSignal) {
  return helpRequest<HelpCategoriesResponse>(baseUrl, `/categories?lang=${language}`, { signal });
}

export function helpCategoriesQueryOptions(baseUrl: string, language: HelpLanguage) {
  return queryOptions({
    queryKey: ['help', 'categories', language],
    queryFn: ({ signal }) => getHelpCategories(baseUrl, language, signal),
    staleTime: HELP_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

export function useHelpCategories(language: HelpLanguage) {
  return useSuspenseQuery(helpCategoriesQueryOptions(useHelpBaseUrl(), language));
}
