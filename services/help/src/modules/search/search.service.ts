/**
 * Full-text search over the help articles of one language, with PostgreSQL's text search (the same SQL on
 * PostgreSQL and PGlite):
 *  1. the query as typed, stemmed by the language's Snowball configuration (`english` or `french`), so
 *     "retraits" finds "retrait" and "withdrawals" finds "withdraw"; web-search syntax ("quotes", -not, or);
 *  2. when nothing matches: every word corrected against the content's own vocabulary (accents optional, one or
 *     two typos forgiven) and matched as a prefix, all words required;
 *  3. still nothing: the same words, any of them.
 * Results are ranked by ts_rank_cd with title > summary > body, and carry ts_headline highlights.
 * Step 2 stays an edit distance (content/terms.ts) rather than pg_trgm's similarity, which PGlite now ships: trigram
 * similarity ranks "withdraw" (0.73) above "withdrawal" (0.62) for "withdrawl", where both are one edit away and the
 * more frequent word wins, and it misses a swapped pair in a short word ("bnak" shares one trigram with "bank", 0.11),
 * the commonest typo. Measurements in docs/adr/0013-libraries-over-hand-written-parts.md.
 */
import { sql, type RawBuilder } from 'kysely';
import type {
  HelpHighlightSegment,
  HelpLanguage,
  HelpSearchResponse,
  HelpSearchResult,
} from '@tessera/contracts';
import type { HelpDatabase } from '../../tables.ts';
import { articleSummaries } from '../articles/articles.repository.ts';
import { correctWord, foldWord, splitWords, TERM_LENGTH_MAX, type Term } from '../content/terms.ts';

/** The text-search configuration of each language. */
const SEARCH_CONFIG: Record<HelpLanguage, string> = { en: 'english', fr: 'french' };

/** Words of a query considered (a longer query is not a search, it is a paragraph). */
export const QUERY_WORDS_MAX = 10;

// Private-use characters mark the matches in ts_headline's output: they cannot occur in the content (the
// content is text a person wrote), so splitting on them is unambiguous, and no HTML is ever built from it.
const MATCH_START = '\uE000';
const MATCH_END = '\uE001';
const TITLE_HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
const EXCERPT_HEADLINE_OPTIONS = `MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
// ts_rank_cd weights for D, C, B, A: body (C) counts a fifth of a title match (A), the summary (B) half.
const RANK_WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';

/** Splits ts_headline output into plain and matched pieces. */
export function toSegments(headline: string): HelpHighlightSegment[] {
  const segments: HelpHighlightSegment[] = [];
  let match = false;
  for (const piece of headline.split(/([\uE000\uE001])/)) {
    if (piece === MATCH_START || piece === MATCH_END) {
      match = piece === MATCH_START;
    } else if (piece !== '') {
      segments.push({ text: piece, match });
    }
  }
  return segments;
}

async function runQuery(
  db: HelpDatabase,
  language: HelpLanguage,
  tsquery: RawBuilder<unknown>,
  limit: number,
): Promise<HelpSearchResult[]> {
  const config = SEARCH_CONFIG[language];
  const rows = await articleSummaries(db, language)
    .where(sql<boolean>`t.search_document @@ ${tsquery}`)
    .select([
      sql<number>`ts_rank_cd(${RANK_WEIGHTS}::float4[], t.search_document, ${tsquery})`.as('rank'),
      sql<string>`ts_headline(${config}::regconfig, t.title, ${tsquery}, ${TITLE_HEADLINE_OPTIONS})`.as(
        'titleHeadline',
      ),
      sql<string>`ts_headline(${config}::regconfig, t.body_text, ${tsquery}, ${EXCERPT_HEADLINE_OPTIONS})`.as(
        'excerptHeadline',
      ),
    ])
    .orderBy('rank', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map(({ rank: _rank, titleHeadline, excerptHeadline, ...summary }) => ({
    ...summary,
    titleHighlight: toSegments(titleHeadline),
    excerpt: toSegments(excerptHeadline),
  }));
}

/** Content words near in length to `word`: the candidates for its correction. */
async function candidateTerms(db: HelpDatabase, language: HelpLanguage, word: string): Promise<Term[]> {
  const length = foldWord(word).length;
  return db
    .selectFrom('search_term')
    .where('language', '=', language)
    .where(sql<number>`char_length(term_folded)`, '>=', length - 2)
    .where(sql<number>`char_length(term_folded)`, '<=', length + 2)
    .select(['term', 'term_folded as termFolded', 'frequency'])
    .execute();
}

/** A to_tsquery of prefix terms; `words` hold only letters and digits (splitWords), so no syntax can slip in. */
function prefixQuery(language: HelpLanguage, words: readonly string[], operator: '&' | '|') {
  const text = words.map((word) => `${word}:*`).join(` ${operator} `);
  return sql`to_tsquery(${SEARCH_CONFIG[language]}::regconfig, ${text})`;
}

/** Searches one language's articles; see the module comment for the steps. */
export async function searchArticles(
  db: HelpDatabase,
  request: { query: string; language: HelpLanguage; limit: number },
): Promise<HelpSearchResponse> {
  const { query, language, limit } = request;
  const response = { language, query, correctedQuery: null };
  const words = splitWords(query)
    .filter((word) => word.length <= TERM_LENGTH_MAX)
    .slice(0, QUERY_WORDS_MAX);
  if (words.length === 0) {
    return { ...response, results: [] };
  }
  const typed = sql`websearch_to_tsquery(${SEARCH_CONFIG[language]}::regconfig, ${query})`;
  const exact = await runQuery(db, language, typed, limit);
  if (exact.length > 0) {
    return { ...response, results: exact };
  }
  const corrected: string[] = [];
  for (const word of words) {
    corrected.push(correctWord(word, await candidateTerms(db, language, word)) ?? word);
  }
  const correctedQuery = corrected.some((word, index) => word !== words[index]) ? corrected.join(' ') : null;
  for (const operator of ['&', '|'] as const) {
    const results = await runQuery(db, language, prefixQuery(language, corrected, operator), limit);
    if (results.length > 0) {
      return { ...response, correctedQuery, results };
    }
  }
  return { ...response, results: [] };
}
