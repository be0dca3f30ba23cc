/**
 * The offline intent classifier (docs/adr/0022-offline-assistant.md): MiniSearch (BM25+) over the utterances of
 * utterances.ts, one index a language, with an explicit out-of-domain guard. A retrieval scorer always returns a
 * best match, even for "what is the weather" (a trained classifier does too: @nlpjs answered card.dispute at 1.00,
 * shared/reference/wave2-anchors.md section 7), so a match counts only when
 *  1. the words that carry meaning (stop words dropped) are mostly covered by the best utterance: at least
 *     {@link COVERAGE_MIN} of them matched (a word within one typo counts half, see coverageOf), and
 *  2. its BM25+ score reaches {@link SCORE_MIN};
 * otherwise the answer is `out_of_domain`. A handover phrase ("live agent") wins before any scoring.
 */
import MiniSearch from 'minisearch';
import type { AssistantIntent, AssistantLanguage } from '@tessera/contracts';
import { HANDOVER_PHRASES, STOP_WORDS, type TrainedIntent, UTTERANCES } from './utterances.ts';

/** Share of the message's meaningful words the best utterance must match. */
export const COVERAGE_MIN = 0.5;
/** The lowest BM25+ score of a match (one exact content word of a short utterance scores about 3). */
export const SCORE_MIN = 1.5;
/** Words of a message considered (a message is at most 500 characters). */
const WORDS_MAX = 40;

/** What the classifier decided, with the words it decided on (tests and logs). */
export interface Classification {
  readonly intent: AssistantIntent;
  readonly score: number;
  readonly coverage: number;
  /** The meaningful words of the message (folded, stop words dropped). */
  readonly terms: readonly string[];
}

/** Lower case, accents off, apostrophes as spaces: "l’accès" and "l'acces" are the same two words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’'`´]/g, ' ');
}

/** The meaningful words of `text`: folded, split on anything but letters and digits, stop words dropped. */
export function meaningfulTerms(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map(stem);
  return [...new Set(words)].slice(0, WORDS_MAX);
}

/**
 * The message as a help-centre search: its words as typed (accents kept, the search stems them in its language)
 * without the stop words, so "Comment déposer par virement SEPA ?" searches "déposer virement SEPA" and a question
 * word never narrows the search's all-words match. The message itself when every word is a stop word.
 */
export function searchQueryOf(text: string): string {
  const words = text.split(/[^\p{L}\p{N}’'-]+/u).filter((word) => word !== '');
  const kept = words.filter((word) =>
    foldText(word)
      .split(/[^\p{L}\p{N}]+/u)
      .some((part) => part !== '' && !STOP_WORDS.has(part)),
  );
  return (kept.length > 0 ? kept : words).slice(0, WORDS_MAX).join(' ');
}

/** A light plural fold shared by both languages: "orders" and "ordres" meet "order" and "ordre". */
function stem(word: string): string {
  if (word.length > 3 && (word.endsWith('s') || word.endsWith('x')) && !word.endsWith('ss')) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * How many of the message's words the utterance matched: 1 for a word found as it is or as a prefix ("deposit" in
 * "deposits"), half for a word found only within one typo, which is as likely a different word ("recette" is one
 * edit from nothing here, "crepe" one from "crete"): two half matches are needed where one whole match does.
 */
function coverageOf(terms: readonly string[], matchedTerms: readonly string[]): number {
  let covered = 0;
  for (const term of terms) {
    if (matchedTerms.some((matched) => matched.startsWith(term))) {
      covered += 1;
    } else if (matchedTerms.some((matched) => withinOneEdit(term, matched))) {
      covered += 0.5;
    }
  }
  return covered;
}

/** Whether `a` and `b` are at most one insertion, deletion or substitution apart. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) {
    return false;
  }
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) {
      return false;
    }
    if (a.length > b.length) {
      i += 1;
    } else if (b.length > a.length) {
      j += 1;
    } else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

interface UtteranceDocument {
  readonly id: number;
  readonly intent: TrainedIntent;
  readonly text: string;
}

function buildIndex(language: AssistantLanguage): MiniSearch<UtteranceDocument> {
  const index = new MiniSearch<UtteranceDocument>({
    fields: ['text'],
    storeFields: ['intent'],
    tokenize: (text) => meaningfulTerms(text),
    processTerm: (term) => term,
    searchOptions: {
      // One typo in a word of five letters or more; a prefix only for words of four letters or more, so "hi" does
      // not reach "history".
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
      tokenize: (text) => meaningfulTerms(text),
      processTerm: (term) => term,
    },
  });
  let id = 0;
  for (const [intent, utterances] of Object.entries(UTTERANCES[language]) as [TrainedIntent, string[]][]) {
    index.addAll(utterances.map((text) => ({ id: (id += 1), intent, text })));
  }
  return index;
}

/** The classifier of both languages, built once (a few hundred utterances: milliseconds). */
export interface IntentClassifier {
  classify(text: string, language: AssistantLanguage): Classification;
}

export function createIntentClassifier(): IntentClassifier {
  const indexes: Record<AssistantLanguage, MiniSearch<UtteranceDocument>> = {
    en: buildIndex('en'),
    fr: buildIndex('fr'),
  };
  return {
    classify(text, language) {
      const folded = ` ${foldText(text).replace(/\s+/g, ' ')} `;
      const terms = meaningfulTerms(text);
      if (HANDOVER_PHRASES.some((phrase) => folded.includes(` ${phrase}`))) {
        return { intent: 'handover', score: Infinity, coverage: 1, terms };
      }
      if (terms.length === 0) {
        return { intent: 'out_of_domain', score: 0, coverage: 0, terms };
      }
      const best = indexes[language].search(text)[0];
      if (!best) {
        return { intent: 'out_of_domain', score: 0, coverage: 0, terms };
      }
      const coverage = coverageOf(terms, Object.keys(best.match)) / terms.length;
      const intent = best['intent'] as TrainedIntent;
      if (coverage < COVERAGE_MIN || best.score < SCORE_MIN) {
        return { intent: 'out_of_domain', score: best.score, coverage, terms };
      }
      return { intent, score: best.score, coverage, terms };
    },
  };
}
