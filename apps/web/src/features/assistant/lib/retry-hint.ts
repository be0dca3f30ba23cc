/** What the assistant page says about when a customer over the message limit can ask again. */
import { ApiError } from '../../../lib/api.ts';

/**
 * When a customer over the assistant's message limit (ASSISTANT_RATE_LIMITED) can ask again, from the refusal's
 * `retryAfterSeconds`: in seconds when it is soon, otherwise the time (rounded up to the minute, with the date when it
 * is not today); null for any other failure.
 */
export function retryHint(
  t: (key: string, options?: Record<string, unknown>) => string,
  failure: unknown,
  language: string,
  now: Date = new Date(),
): string | null {
  const seconds = failure instanceof ApiError ? failure.details['retryAfterSeconds'] : undefined;
  if (
    !(failure instanceof ApiError) ||
    failure.code !== 'ASSISTANT_RATE_LIMITED' ||
    typeof seconds !== 'number'
  ) {
    return null;
  }
  if (seconds < 120) {
    return t('assistant:retryIn', { count: Math.max(1, Math.ceil(seconds)) });
  }
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
  const today = at.toDateString() === now.toDateString();
  const time = new Intl.DateTimeFormat(
    language,
    today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
  return t('assistant:retryAt', { time });
}
