/**
 * The assistant's error codes are one list (ASSISTANT_ERROR_CODES of the contract): each is defined by the service
 * with the status docs/api.md gives it, documented in the "Assistant" section, and translated for the web app in
 * English and French.
 */
import { readFileSync } from 'node:fs';
import { ASSISTANT_ERROR_CODES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { AssistantRateLimitedError, ConversationFullError, ConversationNotFoundError } from './errors.ts';

const DEFINED = [ConversationNotFoundError, ConversationFullError, AssistantRateLimitedError];

const root = new URL('../../../', import.meta.url);
const apiDoc = readFileSync(new URL('docs/api.md', root), 'utf8');
const section = apiDoc.slice(apiDoc.indexOf('## Assistant (services/assistant)'));
const assistantSection = section.slice(0, section.indexOf('\n## ', 4));

describe('the assistant error codes', () => {
  it('are the codes the service defines', () => {
    expect(DEFINED.map((defined) => defined.code).sort()).toEqual([...ASSISTANT_ERROR_CODES].sort());
  });

  it('are documented in docs/api.md "Assistant" with their status', () => {
    for (const defined of DEFINED) {
      const row = new RegExp(`^\\| ${defined.code} +\\| ${defined.statusCode} `, 'm');
      expect(assistantSection, defined.code).toMatch(row);
    }
  });

  it('are translated for the web app in English and French', () => {
    for (const language of ['en', 'fr']) {
      const errors = JSON.parse(
        readFileSync(new URL(`apps/web/public/lang/${language}/errors.json`, root), 'utf8'),
      ) as { api: Record<string, string> };
      for (const code of ASSISTANT_ERROR_CODES) {
        expect(errors.api[code], `${language} ${code}`).toEqual(expect.any(String));
      }
    }
  });
});
