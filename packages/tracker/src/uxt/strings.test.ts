import { describe, expect, it } from 'vitest';
import { pageLanguage, SUS_KEYS, UXT_STRINGS, uxtText } from './strings.ts';

describe('usability test texts', () => {
  it('exist in English and French with the same keys and placeholders, none empty', () => {
    expect(Object.keys(UXT_STRINGS.fr).sort()).toEqual(Object.keys(UXT_STRINGS.en).sort());
    for (const key of Object.keys(UXT_STRINGS.en) as (keyof typeof UXT_STRINGS.en)[]) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/gu)].map((m) => m[1]).sort();
      expect(UXT_STRINGS.fr[key].trim(), key).not.toBe('');
      expect(placeholders(UXT_STRINGS.fr[key]), key).toEqual(placeholders(UXT_STRINGS.en[key]));
    }
    expect(SUS_KEYS).toHaveLength(10);
  });

  it("are the spec's English labels", () => {
    const en = UXT_STRINGS.en;
    expect([
      en.readGuidelines,
      en.guidelinesSection,
      en.beginTest,
      en.tasksSection,
      en.yourAnswer,
      en.collapsePanel,
      en.doneNext,
      en.abortSession,
      en.thankYou,
      en.submittingFeedback,
      en.endSession,
    ]).toEqual([
      'Read guidelines to begin',
      'Introduction & Guidelines',
      'Begin Test',
      'Tasks',
      'Your answer',
      'Collapse Panel',
      'Done, Next',
      'Abort Session',
      'Thank you!',
      'Submitting Feedback',
      'End Session',
    ]);
  });

  it('follow <html lang> and fill placeholders', () => {
    expect(pageLanguage('fr')).toBe('fr');
    expect(pageLanguage('fr-FR')).toBe('fr');
    expect(pageLanguage('en-US')).toBe('en');
    expect(pageLanguage('')).toBe('en');
    expect(pageLanguage('frisian')).toBe('en');
    expect(uxtText('fr', 'taskOf', { n: 2, total: 3 })).toBe('Tâche 2 sur 3');
  });
});
