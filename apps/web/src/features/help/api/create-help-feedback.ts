import { useMutation } from '@tanstack/react-query';
import type { HelpFeedbackRequest, HelpFeedbackResponse } from '@tessera/contracts';
import { helpRequest, useHelpBaseUrl } from './help-request.ts';

/** POST /articles/:id/feedback: "was this helpful", with an optional comment. */
export function createHelpFeedback(baseUrl: string, articleId: number, feedback: HelpFeedbackRequest) {
  return helpRequest<HelpFeedbackResponse>(baseUrl, `/articles/${articleId}/feedback`, {
    method: 'POST',
    body: feedback,
  });
}

export function useCreateHelpFeedback(articleId: number) {
  const baseUrl = useHelpBaseUrl();
  return useMutation({
    mutationFn: (feedback: HelpFeedbackRequest) => createHelpFeedback(baseUrl, articleId, feedback),
  });
}
