import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { retryHint } from './retry-hint.ts';

/** A stand-in for i18next's t: the key with its options, so the test sees which text and values were chosen. */
const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
const limited = (retryAfterSeconds: unknown) =>
  new ApiError('ASSISTANT_RATE_LIMITED', 429, 'Too many messages', { retryAfterSeconds });
const now = new Date(2026, 10, 27, 12, 14, 30);

describe('retryHint: when a customer over the assistant limit can ask again', () => {
  it('counts the seconds of a short wait', () => {
    expect(retryHint(t, limited(45), 'en', now)).toBe('assistant:retryIn {"count":45}');
    expect(retryHint(t, limited(0.2), 'en', now)).toBe('assistant:retryIn {"count":1}');
  });

  it('gives the time of a longer wait, rounded up to the minute, with the date when not today', () => {
    // ICU puts a narrow no-break space before PM in some versions.
    expect(retryHint(t, limited(300), 'en', now)).toMatch(
      /^assistant:retryAt \{"time":"12:20[\s\u202f]PM"\}$/u,
    );
    expect(retryHint(t, limited(300), 'fr', now)).toBe('assistant:retryAt {"time":"12:20"}');
    expect(retryHint(t, limited(24 * 3600), 'en', now)).toBe(
      'assistant:retryAt {"time":"Nov 28, 2026, 12:15 PM"}',
    );
  });

  it('says nothing for another failure or a refusal without its seconds', () => {
    expect(retryHint(t, new ApiError('ASSISTANT_CONVERSATION_FULL', 409, 'full'), 'en', now)).toBeNull();
    expect(retryHint(t, limited('soon'), 'en', now)).toBeNull();
    expect(retryHint(t, new Error('Network Error'), 'en', now)).toBeNull();
  });
});
