/**
 * The assistant's errors (docs/api.md "Assistant"; ASSISTANT_ERROR_CODES of packages/contracts/src/assistant.ts).
 * Besides these: VALIDATION_FAILED and the sign-in codes of packages/platform.
 */
import { defineError } from '@tessera/platform';

/** An unknown conversation id, or another customer's: the same answer, so ids reveal nothing. */
export const ConversationNotFoundError = defineError(
  'ASSISTANT_CONVERSATION_NOT_FOUND',
  404,
  'No such conversation',
);

/** The conversation holds ASSISTANT_CONVERSATION_MESSAGES_MAX messages: the page starts a new one. */
export const ConversationFullError = defineError(
  'ASSISTANT_CONVERSATION_FULL',
  409,
  'This conversation is full: start a new one',
);

/**
 * The customer sent ASSISTANT_MESSAGES_PER_MINUTE messages in the last minute or ASSISTANT_MESSAGES_PER_DAY in the
 * day: nothing is read or stored; `details.retryAfterSeconds` (and the Retry-After header) say when to ask again.
 */
export const AssistantRateLimitedError = defineError(
  'ASSISTANT_RATE_LIMITED',
  429,
  'Too many messages: try again later',
);
