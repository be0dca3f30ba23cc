import { describe, expect, it } from 'vitest';
import { correctWord, editDistance, foldWord, type Term } from './terms.ts';

const terms: Term[] = [
  { term: 'virement', termFolded: 'virement', frequency: 12 },
  { term: 'virements', termFolded: 'virements', frequency: 3 },
  { term: 'dépôt', termFolded: 'depot', frequency: 9 },
  { term: 'withdrawal', termFolded: 'withdrawal', frequency: 20 },
  { term: 'withdraw', termFolded: 'withdraw', frequency: 15 },
];

describe('spelling tolerance', () => {
  it('folds case, accents and ligatures', () => {
    expect(foldWord('Dépôt')).toBe('depot');
    expect(foldWord('Cœur')).toBe('coeur');
  });

  it('counts swaps of neighbours as one edit and stops past the limit', () => {
    expect(editDistance('withdrawl', 'withdrawal', 2)).toBe(1);
    expect(editDistance('wihtdraw', 'withdraw', 2)).toBe(1);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });

  it('restores accents, forgives typos and leaves known or distant words alone', () => {
    expect(correctWord('depot', terms)).toBe('dépôt');
    expect(correctWord('virment', terms)).toBe('virement');
    expect(correctWord('withdrawl', terms)).toBe('withdrawal');
    expect(correctWord('virement', terms)).toBeUndefined();
    expect(correctWord('banana', terms)).toBeUndefined();
  });
});
