import { z } from 'zod';

/**
 * The one rule for text that a person or a program sends to Tessera: every string field of every service goes
 * through `textSchema` (or `isSafeText` where a protocol answers in its own words, as identity's Cognito errors do).
 *
 * Why each rule:
 * - U+0000 cannot be stored in PostgreSQL text or jsonb: left to the database it becomes a 500 after work was done.
 * - A lone surrogate (U+D800 to U+DFFF without its pair) is not Unicode: jsonb refuses it and UTF-8 encoders
 *   replace it, so what was stored would differ from what was checked.
 * - Other C0 and C1 control characters (and U+2028/U+2029) have no place in a name or a note; they break logs,
 *   CSV exports and statements. Multi-line fields keep tab and line feed.
 * - Unicode bidirectional overrides and isolates (U+202A to U+202E, U+2066 to U+2069) are refused in short
 *   single-line text: they make a recipient's name or a reference read differently from what it is ("Trojan
 *   Source"). They stay allowed in multi-line text, where a right-to-left writer may need them.
 * - Text is normalised to NFC so that one name has one spelling in searches and comparisons.
 * - Every field has a length bound, counted in UTF-16 code units after normalisation.
 */

/** Characters never accepted: NUL, the other C0 controls but tab and line feed, DEL and C1, the line separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;
/** Single-line text also refuses tab, line feed and bidirectional overrides. */
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** In a `u` regular expression a pair is one code point, so this matches only a surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `value` has no lone surrogate (String.prototype.isWellFormed, which ES2023's lib does not declare). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The messages of the text rules, as `details.issues[].message` carries them. */
export const TEXT_RULE_MESSAGES = {
  malformed: 'must be well-formed Unicode (no lone surrogates)',
  control: 'must not contain control characters',
} as const;

/** True when `value` is well-formed Unicode without the characters the text rules refuse. */
export function isSafeText(value: string, options: { multiline?: boolean } = {}): boolean {
  if (!isWellFormedText(value)) {
    return false;
  }
  return !(options.multiline === true ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value);
}

/** Options of `textSchema`. `max` is required: no text field is unbounded. */
export interface TextOptions {
  /** The longest accepted value, in UTF-16 code units after trimming and normalisation. */
  max: number;
  /** The shortest accepted value (default 0; 1 makes the field required to be non-blank when trimmed). */
  min?: number;
  /** Keep tab and line feed (a comment, an answer); default false. */
  multiline?: boolean;
  /** Trim surrounding white space (default true). */
  trim?: boolean;
}

/**
 * A string schema with the text rules: well-formed, no control characters, NFC, trimmed, bounded.
 * The checks run before the transforms, so a refused value is reported as the caller sent it.
 */
export function textSchema(options: TextOptions) {
  const { max, min = 0, multiline = false, trim = true } = options;
  return z
    .string()
    .max(max * 4 + 16, { error: `must be at most ${max} characters` })
    .refine((value) => isWellFormedText(value), { error: TEXT_RULE_MESSAGES.malformed, abort: true })
    .refine((value) => isSafeText(value, { multiline }), { error: TEXT_RULE_MESSAGES.control, abort: true })
    .transform((value) => {
      const normalised = value.normalize('NFC');
      return trim ? normalised.trim() : normalised;
    })
    .pipe(
      z
        .string()
        .min(min, { error: min <= 1 ? 'must not be empty' : `must be at least ${min} characters` })
        .max(max, { error: `must be at most ${max} characters` }),
    );
}
