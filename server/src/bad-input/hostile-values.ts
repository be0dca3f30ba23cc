/**
 * The hostile values the bad-input suite sends (issue #13, "a generated bad-input suite over every endpoint"):
 * text that PostgreSQL or a reader cannot take, numbers no amount or count should accept, and the wrong JSON types.
 * Each value has a short name, used in case labels and in the failure report.
 */

/** One mebibyte less what a JSON body needs around it: over every field's bound, under the 1 MiB body limit. */
const megabyteLength = 1_000_000;

/** A named value for a JSON body field. */
export interface HostileValue {
  readonly name: string;
  readonly value: unknown;
  /** Large values are sent by the signed-in customer only (the anonymous answer is the same 401). */
  readonly large?: boolean;
}

/** Text the shared text rule (packages/contracts/src/text.ts) refuses, and sizes no field accepts. */
export const hostileStrings: readonly HostileValue[] = [
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'lone high surrogate', value: 'a\ud800b' },
  { name: 'lone low surrogate', value: '\udc00' },
  { name: 'RTL override', value: 'abc\u202egpj.exe' },
  { name: 'C1 control', value: 'a\u0085b' },
  { name: '1 MB string', value: 'a'.repeat(megabyteLength), large: true },
];

/** Numbers as floats, exponents, negatives and huge values, as JSON numbers and as strings. */
export const hostileNumbers: readonly HostileValue[] = [
  { name: 'float 1.5', value: 1.5 },
  { name: 'negative -1', value: -1 },
  { name: 'zero', value: 0 },
  { name: 'huge 1e308', value: 1e308 },
  { name: 'exponent string 1e3', value: '1e3' },
  { name: '10^40 as string', value: `1${'0'.repeat(40)}` },
  // Parses as an amount (under MONEY_OVERFLOW's 10^38 minor units) but no balance can hold it: it reaches the ledger.
  { name: '10^36 as string', value: `1${'0'.repeat(36)}` },
  { name: 'negative string -0.01', value: '-0.01' },
];

/** Values of the wrong JSON type for any field. */
export const hostileTypes: readonly HostileValue[] = [
  { name: 'array', value: ['a'] },
  { name: 'object', value: { $gt: '' } },
  { name: 'null', value: null },
  { name: 'boolean', value: true },
];

/** Every body value, in a fixed order. */
export const hostileBodyValues: readonly HostileValue[] = [
  ...hostileStrings,
  ...hostileNumbers,
  ...hostileTypes,
];

/** A path segment as sent (already percent-encoded where needed). */
export interface HostileSegment {
  readonly name: string;
  readonly segment: string;
  /** Hostile text (sent in every bounded run); the others rotate over the parameters. */
  readonly text?: boolean;
  readonly large?: boolean;
}

/** Path parameters: the same ideas, percent-encoded as a client would send them. */
export const hostileSegments: readonly HostileSegment[] = [
  { name: 'NUL', segment: 'a%00b', text: true },
  // Not UTF-8 at all: the bytes of a lone surrogate (CESU), which decodeURIComponent refuses.
  { name: 'lone surrogate bytes', segment: '%ED%A0%80', text: true },
  { name: 'RTL override', segment: 'abc%E2%80%AEgpj', text: true },
  { name: 'negative', segment: '-1' },
  { name: 'float', segment: '1.5' },
  { name: 'exponent', segment: '1e308' },
  { name: '10^40', segment: `1${'0'.repeat(40)}` },
  { name: 'dot dot', segment: '..%2F..%2Fetc' },
  { name: 'long (over the parameter bound)', segment: 'a'.repeat(200), text: true },
];

/** A query parameter value as it travels: already percent-encoded. */
export interface HostileQueryValue {
  readonly name: string;
  readonly encoded: string;
  readonly large?: boolean;
}

/**
 * Query values, percent-encoded by hand: a lone surrogate cannot be encoded as UTF-8 (URLSearchParams would send
 * U+FFFD instead), so its bytes are sent as a careless encoder would (CESU-8). The wrong "types" of a query are
 * repeated keys (see the cases).
 */
export const hostileQueryValues: readonly HostileQueryValue[] = [
  { name: 'NUL', encoded: 'a%00b' },
  { name: 'lone surrogate bytes', encoded: '%ED%A0%80' },
  { name: 'RTL override', encoded: 'abc%E2%80%AEgpj' },
  { name: 'C1 control', encoded: 'a%C2%85b' },
  { name: '1 MB', encoded: 'a'.repeat(megabyteLength), large: true },
  { name: 'negative', encoded: '-1' },
  { name: 'float', encoded: '1.5' },
  { name: 'exponent', encoded: '1e308' },
  { name: '10^40', encoded: `1${'0'.repeat(40)}` },
];

/** Pagination as no page answers it: negative, zero, huge and fractional limits, and cursors no page gave. */
export const badPagination: readonly { readonly name: string; readonly query: Record<string, string> }[] = [
  { name: 'limit -1', query: { limit: '-1' } },
  { name: 'limit 0', query: { limit: '0' } },
  { name: 'limit 1e9', query: { limit: '1000000000' } },
  { name: 'limit 1.5', query: { limit: '1.5' } },
  { name: 'limit NaN', query: { limit: 'NaN' } },
  { name: 'cursor garbage', query: { cursor: 'not-a-cursor' } },
  { name: 'cursor base64 of JSON', query: { cursor: Buffer.from('{"id":-1}').toString('base64url') } },
  { name: 'cursor NUL', query: { cursor: 'a\u0000b' } },
  { name: 'cursor 10^40', query: { cursor: `1${'0'.repeat(40)}` } },
];
