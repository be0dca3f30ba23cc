import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KYC_ERROR_CODES } from '@tessera/contracts';

const LANG_DIR = join(import.meta.dirname, '../../../../public/lang');

/** The codes only the staff routes answer (the console translates them). */
const STAFF_ONLY = new Set([
  'KYC_CASE_NOT_FOUND',
  'KYC_FILE_NOT_FOUND',
  'KYC_CASE_NOT_OPEN',
  'KYC_SECOND_REVIEWER_REQUIRED',
  'KYC_REVIEWER_REQUIRED',
]);

describe('KYC error codes', () => {
  it.each(['en', 'fr'])('every code the customer routes answer with has a %s message', (language) => {
    const api = (
      JSON.parse(readFileSync(join(LANG_DIR, language, 'errors.json'), 'utf8')) as {
        api: Record<string, string>;
      }
    ).api;
    const missing = KYC_ERROR_CODES.filter((code) => !STAFF_ONLY.has(code) && !api[code]);
    expect(missing).toEqual([]);
  });
});
