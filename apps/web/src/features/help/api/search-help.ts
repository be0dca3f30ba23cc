import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpLanguage, HelpSearchResponse } from '@tessera/contracts';
import { helpRequest, retryUnlessClientError, useHelpBaseUrl } from './help-request.ts';

/** GET /search: articles matching `query`, ranked, with highlighted matches. */
export function searchHelp(baseUrl: string, query: string, language: HelpLanguage, signal?: AbortSignal) {
  const search = new URLSearchParams({ q: query, lang: language });
  return helpRequest<HelpSearchResponse>(baseUrl, `/search?${search}`, { signal });
}

export function helpSearchQueryOptions(baseUrl: string, query: string, language: HelpLanguage) {
  return queryOptions({
    queryKey: ['help', 'search', query, language],
    queryFn: ({ signal }) => searchHelp(baseUrl, query, language, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
    enabled: query.trim() !== '',
  });
}

/** Keeps the previous results on screen while the next query loads, so the list does not flash empty. */
export function useHelpSearch(query: string, language: HelpLanguage) {
  return useQuery({
    ...helpSearchQueryOptions(useHelpBaseUrl(), query, language),
    placeholderData: keepPreviousData,
  });
}
