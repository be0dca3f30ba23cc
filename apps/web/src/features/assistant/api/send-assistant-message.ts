/**
 * POST /messages of the assistant (docs/api.md "Assistant"): the customer's question, answered with the articles it
 * cites and the account fields it read. The tab's live-assist session goes with it, so that a request for a person
 * reaches an agent who can join this screen.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { AssistantAnswer, AssistantMessageRequest } from '@tessera/contracts';
import type { ApiClient } from '#/lib/api.ts';
import { liveAssistSessionId } from '#/lib/session-tracker.ts';

/** The runtime configuration's key of the assistant (packages/platform config, `serviceUrls`). */
const ASSISTANT_SERVICE = 'assistant';

export function sendAssistantMessage(api: ApiClient, message: AssistantMessageRequest) {
  return api<AssistantAnswer>(ASSISTANT_SERVICE, '/messages', { method: 'POST', body: message });
}

/** Sends a message with this tab's live-assist session, when there is one. */
export function useSendAssistantMessage() {
  const router = useRouter();
  return useMutation({
    mutationFn: (message: Omit<AssistantMessageRequest, 'trackerSessionId'>) => {
      const trackerSessionId = liveAssistSessionId();
      return sendAssistantMessage(router.options.context.api, {
        ...message,
        ...(trackerSessionId ? { trackerSessionId } : {}),
      });
    },
  });
}
