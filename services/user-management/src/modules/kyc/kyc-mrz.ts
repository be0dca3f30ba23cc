/**
 * The server's own reading of a document's machine-readable zone (ICAO 9303), on submit and in the reviewer's case
 * view: the browser checked it already (apps/web features/kyc/lib/mrz-check.ts), but a browser is the customer's
 * and proves nothing. Same rules as the browser's: a passport is TD3 (2 lines of 44), an ID card TD1 (3 lines of
 * 30); every check digit must hold; names compare as the zone writes them (Latin capitals, accents dropped, the
 * zone may truncate); the birth date, nationality and issuing state must be the declared ones.
 */
import type {
  KycDocumentInput,
  KycDocumentType,
  KycMrzCheck,
  KycMrzComparedField,
  KycPersonal,
} from '@tessera/contracts';
import { parse, type ParseResult } from 'mrz';

/** The zone's format each document type must have. */
const FORMAT_OF: Partial<Record<KycDocumentType, string>> = { passport: 'TD3', id_card: 'TD1' };

/**
 * A YYMMDD date of the zone as YYYY-MM-DD: a birth date lies in the past (so `40` is 1940 in 2026), an expiry date
 * within the next 50 years or the recent past. Null when not six digits.
 */
export function mrzDate(yymmdd: string | null, kind: 'birth' | 'expiry', today: string): string | null {
  if (yymmdd === null || !/^\d{6}$/.test(yymmdd)) {
    return null;
  }
  const thisYear = Number(today.slice(0, 4));
  let year = Math.floor(thisYear / 100) * 100 + Number(yymmdd.slice(0, 2));
  const rest = `-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  if (kind === 'birth' && `${year}${rest}` > today) {
    year -= 100;
  }
  if (kind === 'expiry' && year < thisYear - 50) {
    year += 100;
  }
  return `${year}${rest}`;
}

/** A name as the zone writes it; German umlauts also in their transliterated form (Ä as AE). */
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

function nameMatches(declared: string, onDocument: string | null): boolean {
  if (onDocument === null || onDocument.length === 0) {
    return false;
  }
  return mrzNameForms(declared).some((form) => form === onDocument || form.startsWith(onDocument));
}

/** Germany writes `D` (padded `D<<`) where others write three letters. */
export function canonicalState(code: string | null): string | null {
  if (code === null) {
    return null;
  }
  const trimmed = code.replace(/<+$/, '');
  return trimmed === 'D' ? 'DEU' : trimmed;
}

function tryParse(lines: readonly string[]): ParseResult | null {
  try {
    return parse([...lines]);
  } catch {
    return null;
  }
}

/** What the customer declared that the zone can contradict. */
export interface DeclaredForMrz {
  readonly personal: KycPersonal | null;
  readonly document: KycDocumentInput;
}

function mismatchesOf(check: KycMrzCheck, declared: DeclaredForMrz): KycMrzComparedField[] {
  const { personal, document } = declared;
  const fields = check.fields;
  const found: KycMrzComparedField[] = [];
  if (personal) {
    if (!nameMatches(personal.firstName, fields.firstName)) {
      found.push('firstName');
    }
    if (!nameMatches(personal.lastName, fields.lastName)) {
      found.push('lastName');
    }
    if (personal.birthDate !== fields.birthDate) {
      found.push('birthDate');
    }
    if (canonicalState(personal.nationality) !== canonicalState(fields.nationality)) {
      found.push('nationality');
    }
  }
  if (canonicalState(document.issuingCountry) !== canonicalState(fields.issuingState)) {
    found.push('issuingCountry');
  }
  if (
    document.number !== undefined &&
    document.number.replace(/[\s-]/g, '').toUpperCase() !== fields.documentNumber
  ) {
    found.push('documentNumber');
  }
  if (document.expiryDate !== undefined && document.expiryDate !== fields.expiryDate) {
    found.push('expiryDate');
  }
  return found;
}

/**
 * Reads `declared.document.mrzLines` (the caller checked they are present) and compares them with the declared
 * data. `today` is YYYY-MM-DD.
 */
export function checkMrz(lines: readonly string[], declared: DeclaredForMrz, today: string): KycMrzCheck {
  const result = tryParse(lines);
  const expectedFormat = FORMAT_OF[declared.document.type];
  if (!result) {
    return {
      lines: [...lines],
      format: null,
      valid: false,
      fields: {
        documentNumber: null,
        firstName: null,
        lastName: null,
        birthDate: null,
        expiryDate: null,
        nationality: null,
        issuingState: null,
        sex: null,
      },
      invalidFields: ['format'],
      mismatches: [],
    };
  }
  const invalidFields = result.details
    .filter((detail) => !detail.valid)
    .map((detail) => detail.field ?? detail.label);
  if (expectedFormat !== undefined && result.format !== expectedFormat) {
    invalidFields.unshift('format');
  }
  const fields = result.fields;
  const check: KycMrzCheck = {
    lines: [...lines],
    format: result.format,
    valid: invalidFields.length === 0,
    fields: {
      documentNumber: result.documentNumber ?? fields.documentNumber ?? null,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      birthDate: mrzDate(fields.birthDate ?? null, 'birth', today),
      expiryDate: mrzDate(fields.expirationDate ?? null, 'expiry', today),
      nationality: fields.nationality ?? null,
      issuingState: fields.issuingState ?? null,
      sex: fields.sex ?? null,
    },
    invalidFields: [...new Set(invalidFields)],
    mismatches: [],
  };
  return check.valid ? { ...check, mismatches: mismatchesOf(check, declared) } : check;
}
