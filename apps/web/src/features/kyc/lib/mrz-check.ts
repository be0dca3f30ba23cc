/**
 * The machine-readable zone (MRZ) a customer types or pastes from the bottom of a passport or an identity card,
 * checked in the browser before anything is sent: the shape (2 lines of 44 characters for a passport, ICAO TD3;
 * 3 lines of 30 for an identity card, TD1), the check digits (ICAO 9303 part 3, with `mrz`), then the name and
 * birth date the customer declared. Each problem is a named piece of advice the page phrases (kyc.json `mrz.advice`),
 * "line 2: the document number's check digit does not match", never the library's English text.
 * The server parses the same lines again on submit; this check only saves the customer a round trip.
 */
import { parse, type Details, type FieldName, type ParseResult } from 'mrz';

/** The documents whose MRZ the flow asks for (driving licences and residence permits have no MRZ step). */
export type MrzDocumentType = 'passport' | 'id_card';

/** ICAO 9303: the number of lines and characters per line of each document's zone. */
export const MRZ_SHAPES: Readonly<Record<MrzDocumentType, { lines: number; length: number }>> = {
  passport: { lines: 2, length: 44 },
  id_card: { lines: 3, length: 30 },
};

/** A check digit of the zone, named for the advice. */
export type MrzCheckedField = 'documentNumber' | 'birthDate' | 'expiryDate' | 'personalNumber' | 'composite';

/** One thing to fix, with the 1-based line it is on when there is one. */
export type MrzAdvice =
  | { code: 'empty' }
  | { code: 'lineCount'; expected: number; actual: number }
  | { code: 'lineLength'; line: number; expected: number; actual: number }
  | { code: 'characters'; line: number }
  | { code: 'checkDigit'; line: number; field: MrzCheckedField }
  | { code: 'documentCode'; line: number; documentType: MrzDocumentType }
  | { code: 'stateCode'; line: number; value: string }
  | { code: 'date'; line: number; field: 'birthDate' | 'expiryDate' }
  | { code: 'unreadable'; line: number }
  | { code: 'nameMismatch'; onDocument: string }
  | { code: 'birthDateMismatch'; onDocument: string }
  | { code: 'nationalityMismatch'; onDocument: string }
  | { code: 'issuingCountryMismatch'; onDocument: string }
  | { code: 'expired'; expiryDate: string };

/** What the customer declared earlier in the flow, which the zone must match. */
export interface DeclaredIdentity {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  /** Alpha-3, as the zone writes it. */
  nationality?: string;
  /** The document's issuing state, alpha-3. */
  issuingCountry?: string;
}

/** The fields read from a valid zone (dates as YYYY-MM-DD). */
export interface MrzReading {
  format: ParseResult['format'];
  documentNumber: string;
  issuingState: string;
  nationality: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  expiryDate: string;
}

/** The outcome: `reading` when the zone itself is sound, `advice` empty when everything matches too. */
export interface MrzCheck {
  lines: string[];
  reading: MrzReading | null;
  advice: MrzAdvice[];
}

/**
 * The lines as typed: upper case, the guillemets some fonts and OCR apps give for `<` mapped back, spaces inside
 * a line dropped (a paste often adds them), empty lines ignored.
 */
export function normaliseMrzLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, ''))
    .filter((line) => line.length > 0);
}

const CHECK_DIGIT_FIELDS: Partial<Record<FieldName, MrzCheckedField>> = {
  documentNumberCheckDigit: 'documentNumber',
  birthDateCheckDigit: 'birthDate',
  expirationDateCheckDigit: 'expiryDate',
  personalNumberCheckDigit: 'personalNumber',
  compositeCheckDigit: 'composite',
};

/** ICAO 9303 part 3, 4.9: the check digit of a field (weights 7, 3, 1; `<` counts 0, A counts 10). */
export function mrzCheckDigit(value: string): string {
  const weights = [7, 3, 1];
  let total = 0;
  for (const [index, character] of [...value].entries()) {
    const code = character.charCodeAt(0);
    const digit =
      character === '<' ? 0 : code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : 0;
    total += digit * (weights[index % 3] ?? 0);
  }
  return String(total % 10);
}

/** The shape of the zone: the advice about line count, lengths and characters, empty when it can be parsed. */
function shapeAdvice(lines: string[], documentType: MrzDocumentType): MrzAdvice[] {
  const shape = MRZ_SHAPES[documentType];
  if (lines.length === 0) {
    return [{ code: 'empty' }];
  }
  if (lines.length !== shape.lines) {
    return [{ code: 'lineCount', expected: shape.lines, actual: lines.length }];
  }
  const advice: MrzAdvice[] = [];
  lines.forEach((line, index) => {
    if (!/^[A-Z0-9<]*$/.test(line)) {
      advice.push({ code: 'characters', line: index + 1 });
    } else if (line.length !== shape.length) {
      advice.push({ code: 'lineLength', line: index + 1, expected: shape.length, actual: line.length });
    }
  });
  return advice;
}

/** One field `mrz` found invalid, as advice (the composite digit only when nothing more precise failed). */
function fieldAdvice(detail: Details, documentType: MrzDocumentType, lines: string[]): MrzAdvice {
  const line = detail.line + 1;
  const checked = detail.field ? CHECK_DIGIT_FIELDS[detail.field] : undefined;
  if (checked) {
    return { code: 'checkDigit', line, field: checked };
  }
  switch (detail.field) {
    case 'documentCode':
      return { code: 'documentCode', line, documentType };
    case 'issuingState':
    case 'nationality':
      return { code: 'stateCode', line, value: lines[detail.line]?.slice(detail.start, detail.end) ?? '' };
    case 'birthDate':
      return { code: 'date', line, field: 'birthDate' };
    case 'expirationDate':
      return { code: 'date', line, field: 'expiryDate' };
    default:
      return { code: 'unreadable', line };
  }
}

/** The zone's own errors, most precise first; the composite digit fails with any other digit, so it waits. */
function parseAdvice(result: ParseResult, documentType: MrzDocumentType, lines: string[]): MrzAdvice[] {
  const advice = result.details
    .filter((detail) => !detail.valid)
    .map((detail) => fieldAdvice(detail, documentType, lines));
  const precise = advice.filter((item) => !(item.code === 'checkDigit' && item.field === 'composite'));
  return precise.length > 0 ? precise : advice;
}

/**
 * A YYMMDD date of the zone as YYYY-MM-DD: a birth date is in the past (so `40` is 1940 in 2026), an expiry date
 * within the next 50 years or the recent past.
 */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string {
  const year = Number(yymmdd.slice(0, 2));
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  let full = century + year;
  if (kind === 'birth' && `${full}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}` > today) {
    full -= 100;
  }
  if (kind === 'expiry' && full < thisYear - 50) {
    full += 100;
  }
  return `${full}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/**
 * A name as the zone writes it (ICAO 9303 part 3, 6: Latin capitals, accents dropped, other characters as
 * spaces), so "de Bruijn" and "Éloïse" compare with "DE BRUIJN" and "ELOISE". German umlauts are also tried in
 * their transliterated form (Ä as AE), which some states use.
 */
export function mrzNameForms(name: string): string[] {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .replace(/[^A-Z]+/g, ' ')
      .trim();
  const transliterated = name
    .replace(/[Ää]/g, 'AE')
    .replace(/[Öö]/g, 'OE')
    .replace(/[Üü]/g, 'UE')
    .replace(/ß/g, 'SS');
  return [...new Set([plain(name), plain(transliterated)])];
}

/** The zone truncates long names: what it shows must be the declared name or its beginning. */
function namesMatch(declared: DeclaredIdentity, reading: MrzReading): boolean {
  const lastOk = mrzNameForms(declared.lastName).some(
    (form) => form === reading.lastName || (reading.lastName.length > 0 && form.startsWith(reading.lastName)),
  );
  const firstOk = mrzNameForms(declared.firstName).some(
    (form) =>
      form === reading.firstName || (reading.firstName.length > 0 && form.startsWith(reading.firstName)),
  );
  return lastOk && firstOk;
}

/** Two state codes of the zone compared; Germany writes 'D' where others write three letters (ICAO 9303). */
function sameState(left: string, right: string): boolean {
  const canonical = (code: string) => {
    const trimmed = code.replace(/<+$/, '');
    return trimmed === 'D' ? 'DEU' : trimmed;
  };
  return canonical(left) === canonical(right);
}

function readingOf(result: ParseResult, today: string): MrzReading {
  const fields = result.fields;
  return {
    format: result.format,
    documentNumber: result.documentNumber ?? fields.documentNumber ?? '',
    issuingState: fields.issuingState ?? '',
    nationality: fields.nationality ?? '',
    lastName: fields.lastName ?? '',
    firstName: fields.firstName ?? '',
    birthDate: mrzDate(fields.birthDate ?? '', 'birth', today),
    expiryDate: mrzDate(fields.expirationDate ?? '', 'expiry', today),
  };
}

/**
 * Checks the zone typed for `documentType` against what the customer declared; `today` is YYYY-MM-DD (the
 * caller's clock, so tests choose it).
 */
export function checkMrz(
  text: string,
  documentType: MrzDocumentType,
  declared: DeclaredIdentity | null,
  today: string,
): MrzCheck {
  const lines = normaliseMrzLines(text);
  const shape = shapeAdvice(lines, documentType);
  if (shape.length > 0) {
    return { lines, reading: null, advice: shape };
  }
  let result: ParseResult;
  try {
    result = parse(lines);
  } catch {
    return { lines, reading: null, advice: [{ code: 'unreadable', line: 1 }] };
  }
  if (!result.valid || result.format !== (documentType === 'passport' ? 'TD3' : 'TD1')) {
    const advice = parseAdvice(result, documentType, lines);
    return { lines, reading: null, advice: advice.length > 0 ? advice : [{ code: 'unreadable', line: 1 }] };
  }
  const reading = readingOf(result, today);
  const advice: MrzAdvice[] = [];
  if (declared && !namesMatch(declared, reading)) {
    advice.push({ code: 'nameMismatch', onDocument: `${reading.firstName} ${reading.lastName}`.trim() });
  }
  if (declared && declared.birthDate !== reading.birthDate) {
    advice.push({ code: 'birthDateMismatch', onDocument: reading.birthDate });
  }
  if (declared?.nationality && !sameState(declared.nationality, reading.nationality)) {
    advice.push({ code: 'nationalityMismatch', onDocument: reading.nationality });
  }
  if (declared?.issuingCountry && !sameState(declared.issuingCountry, reading.issuingState)) {
    advice.push({ code: 'issuingCountryMismatch', onDocument: reading.issuingState });
  }
  if (reading.expiryDate < today) {
    advice.push({ code: 'expired', expiryDate: reading.expiryDate });
  }
  return { lines, reading, advice };
}
