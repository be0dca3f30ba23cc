/**
 * Words of the content, for the spelling-tolerant step of search: a visitor who types "virment" or "depot"
 * gets "virement" and "dépôt". Folding (lowercase, accents removed) is done here rather than with PostgreSQL's
 * unaccent extension, which PGlite does not load: the same code then runs on both engines.
 */

/** Lowercase with accents and ligatures removed: "Dépôt" → "depot", "Œuvre" → "oeuvre". */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Splits text into lowercase words of letters and digits (apostrophes and hyphens separate words). */
export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Words shorter than this are not corrected (too many near neighbours) and not stored. */
export const TERM_LENGTH_MIN = 3;
/** Longer words are ignored: no real word is this long, and edit distance is quadratic in length. */
export const TERM_LENGTH_MAX = 40;

/** Counts every stored word of the given texts. */
export function countTerms(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of splitWords(text)) {
      if (word.length >= TERM_LENGTH_MIN && word.length <= TERM_LENGTH_MAX && !/^\d+$/.test(word)) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, the commonest typo), stopping
 * early once every path exceeds `max`; returns `max + 1` then.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) {
    return max + 1;
  }
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) {
      return max + 1;
    }
    previousPrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How many edits a word of this length may be away from a content word: 1 up to 7 letters, then 2. */
export function allowedEdits(length: number): number {
  if (length < TERM_LENGTH_MIN + 1) {
    return 0;
  }
  return length <= 7 ? 1 : 2;
}

/** A content word with how often it occurs. */
export interface Term {
  readonly term: string;
  readonly termFolded: string;
  readonly frequency: number;
}

/**
 * The content word a typed word most likely meant, or `undefined` when the word is fine as typed (it occurs in
 * the content) or nothing is close. Same letters without accents win first, then the fewest edits, then the
 * most frequent word.
 */
export function correctWord(word: string, candidates: readonly Term[]): string | undefined {
  const folded = foldWord(word);
  if (candidates.some((candidate) => candidate.term === word)) {
    return undefined;
  }
  const max = allowedEdits(folded.length);
  let best: { term: string; distance: number; frequency: number } | undefined;
  for (const candidate of candidates) {
    const distance = candidate.termFolded === folded ? 0 : editDistance(folded, candidate.termFolded, max);
    if (distance > max) {
      continue;
    }
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && candidate.frequency > best.frequency)
    ) {
      best = { term: candidate.term, distance, frequency: candidate.frequency };
    }
  }
  return best?.term;
}
