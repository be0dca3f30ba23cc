import { describe, expect, it } from 'vitest';
import { isSafeText, textSchema } from './text.ts';

describe('textSchema refuses hostile text before it reaches a database', () => {
  const note = textSchema({ max: 10 });
  const comment = textSchema({ max: 10, multiline: true });

  it('refuses NUL, lone surrogates and control characters', () => {
    for (const value of ['a\u0000b', '\ud800', 'x\udc00y', 'a\u0007', 'a\u202Eb', 'a\nb', '\u2028']) {
      expect(note.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('accepts paired surrogates (emoji), accents and right-to-left letters', () => {
    expect(note.parse('😀 été')).toBe('😀 été');
    expect(note.parse('שלום')).toBe('שלום');
  });

  it('keeps line feeds and tabs only in multi-line text', () => {
    expect(comment.parse('a\n\tb')).toBe('a\n\tb');
    expect(comment.safeParse('a\u0000').success).toBe(false);
  });

  it('normalises to NFC, trims, and bounds the length after normalisation', () => {
    expect(note.parse('  e\u0301  ')).toBe('\u00e9');
    expect(note.safeParse('x'.repeat(11)).success).toBe(false);
    expect(note.safeParse('x'.repeat(1_000_000)).success).toBe(false);
    expect(textSchema({ max: 5, min: 1 }).safeParse('   ').success).toBe(false);
  });

  it('isSafeText answers as the schema does', () => {
    expect(isSafeText('ok')).toBe(true);
    expect(isSafeText('\ud83d')).toBe(false);
    expect(isSafeText('a\nb', { multiline: true })).toBe(true);
  });
});
