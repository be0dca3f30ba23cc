/**
 * The PII tripwire (docs/security.md, "Session recordings"): the tracker masks inputs and text before anything leaves
 * the page; this is the second line. Every batch, decompressed, is walked and each STRING value and object key
 * (text, attributes, custom event payloads; never numbers, so timestamps and node ids cannot trip it) is scanned,
 * no-break and thin spaces read as spaces, for
 * - IBANs: a known country code, two check digits and the country's length (ISO 13616), valid mod 97, written in
 *   one case (upper or lower: mixed case is base64 or an id);
 * - card numbers: 13 to 19 digits, first digit 2 to 6, optional single spaces or hyphens between digits, valid Luhn;
 * - e-mail addresses (not `name@2x.png`-style file names).
 * A batch with any match is quarantined by the caller: never stored; only the kinds and counts are kept.
 */

/** What was found: a count per kind (zero kinds absent). */
export type PiiFindings = Partial<Record<'iban' | 'card' | 'email', number>>;

/** The IBAN length of each country of the SWIFT IBAN registry. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** ISO 13616: move the first four characters to the end, letters to 10..35, the number mod 97 must be 1. */
export function isValidIban(compact: string): boolean {
  const iban = compact.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) {
    return false;
  }
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** The Luhn check of a digit string. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const ibanCandidate = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,32}/g;
const cardCandidate = /(?<![\d-])[2-6](?:[ -]?\d){12,18}(?![\d])/g;
const emailCandidate =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.([A-Za-z]{2,24})(?![A-Za-z0-9])/g;
/** "Top-level domains" that are file extensions in practice (`logo@2x.png`, `icon@3x.webp`). */
const fileExtensions = new Set([
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
  'svg',
  'avif',
  'ico',
  'css',
  'js',
  'map',
]);

function countIbans(text: string): number {
  let count = 0;
  const pattern = new RegExp(ibanCandidate.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const candidate = match[0];
    const length = IBAN_LENGTHS[candidate.slice(0, 2).toUpperCase()];
    // The characters of the candidate that make the country's length (spaces between groups included).
    let used = 0;
    let compact = '';
    while (length !== undefined && used < candidate.length && compact.length < length) {
      if (candidate[used] !== ' ') {
        compact += candidate[used];
      }
      used += 1;
    }
    // One case throughout, as a person writes an IBAN (`FR76 3000…`, or all lower case): mixed case is base64 or an
    // id (a data: URI of an image holds thousands of letter-letter-digit-digit runs), never an IBAN.
    const oneCase = compact === compact.toUpperCase() || compact === compact.toLowerCase();
    if (length !== undefined && compact.length === length && oneCase && isValidIban(compact)) {
      count += 1;
      // Go on after this IBAN: the candidate may run on into the next one.
      pattern.lastIndex = match.index + used;
    } else {
      pattern.lastIndex = match.index + 1;
    }
  }
  return count;
}

function countCards(text: string): number {
  let count = 0;
  for (const match of text.matchAll(cardCandidate)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) {
      count += 1;
    }
  }
  return count;
}

function countEmails(text: string): number {
  let count = 0;
  for (const match of text.matchAll(emailCandidate)) {
    if (!fileExtensions.has(match[1]!.toLowerCase())) {
      count += 1;
    }
  }
  return count;
}

/** Spaces a formatted page groups digits with (no-break, narrow no-break, figure, thin, tab): read as a space. */
const groupingSpaces = /[\t\u00a0\u2007\u2009\u202f]/g;

/** Scans one string. */
export function scanText(raw: string): PiiFindings {
  const findings: PiiFindings = {};
  const text = raw.replace(groupingSpaces, ' ');
  // Cheap pre-checks: most strings of a recording hold no digit run or no '@'.
  if (/\d/.test(text)) {
    const ibans = countIbans(text);
    if (ibans > 0) {
      findings.iban = ibans;
    }
    const cards = countCards(text);
    if (cards > 0) {
      findings.card = cards;
    }
  }
  if (text.includes('@')) {
    const emails = countEmails(text);
    if (emails > 0) {
      findings.email = emails;
    }
  }
  return findings;
}

/** Walks every string value of `value` (iteratively: no recursion limit to hit) and sums the findings. */
export function scanValue(value: unknown): PiiFindings {
  const total: PiiFindings = {};
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.length >= 6) {
        for (const [kind, count] of Object.entries(scanText(current)) as [keyof PiiFindings, number][]) {
          total[kind] = (total[kind] ?? 0) + count;
        }
      }
    } else if (Array.isArray(current)) {
      for (const item of current) {
        stack.push(item);
      }
    } else if (typeof current === 'object' && current !== null) {
      // Keys too: a sender can put anything in one (an attribute name, a payload key).
      for (const [key, item] of Object.entries(current)) {
        stack.push(key, item);
      }
    }
  }
  return total;
}

/** Whether a scan found anything. */
export function hasFindings(findings: PiiFindings): boolean {
  return Object.keys(findings).length > 0;
}
