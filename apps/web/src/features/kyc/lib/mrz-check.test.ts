import { describe, expect, it } from 'vitest';
import { checkMrz, mrzCheckDigit, mrzDate, mrzNameForms, normaliseMrzLines } from './mrz-check.ts';

const TODAY = '2026-11-26';
const DECLARED = { firstName: 'Willeke Liselotte', lastName: 'de Bruijn', birthDate: '1965-03-10' };

/** A Dutch passport zone (TD3) built with the check digits of ICAO 9303, like the specimen's. */
function passportZone({ number = 'SPECI2014', birth = '650310', expiry = '320309' } = {}): string[] {
  const line1 = 'P<NLDDE<BRUIJN<<WILLEKE<LISELOTTE'.padEnd(44, '<');
  const personal = ''.padEnd(14, '<');
  const body = `${number}${mrzCheckDigit(number)}NLD${birth}${mrzCheckDigit(birth)}F${expiry}${mrzCheckDigit(expiry)}${personal}${mrzCheckDigit(personal)}`;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

/** A Dutch identity card zone (TD1). */
function idCardZone(): string[] {
  const number = 'SPEC12345';
  const line1 = `I<NLD${number}${mrzCheckDigit(number)}`.padEnd(30, '<');
  const partial = '6503101F3203097NLD'.padEnd(29, '<');
  const composite = mrzCheckDigit(
    line1.slice(5, 30) + partial.slice(0, 7) + partial.slice(8, 15) + partial.slice(18, 29),
  );
  return [line1, partial + composite, 'DE<BRUIJN<<WILLEKE<LISELOTTE'.padEnd(30, '<')];
}

describe('mrzCheckDigit', () => {
  it('follows ICAO 9303 (the specimen document number L898902C3 has check digit 6)', () => {
    expect(mrzCheckDigit('L898902C3')).toBe('6');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('<<<<<')).toBe('0');
  });
});

describe('checkMrz', () => {
  it('accepts a valid passport zone that matches the declared name and birth date', () => {
    const check = checkMrz(passportZone().join('\n'), 'passport', DECLARED, TODAY);
    expect(check.advice).toEqual([]);
    expect(check.reading).toMatchObject({
      format: 'TD3',
      documentNumber: 'SPECI2014',
      nationality: 'NLD',
      lastName: 'DE BRUIJN',
      firstName: 'WILLEKE LISELOTTE',
      birthDate: '1965-03-10',
      expiryDate: '2032-03-09',
    });
  });

  it('accepts a valid identity card zone of three lines', () => {
    const check = checkMrz(idCardZone().join('\n'), 'id_card', DECLARED, TODAY);
    expect(check.advice).toEqual([]);
    expect(check.reading?.format).toBe('TD1');
  });

  it("names the document number's check digit on line 2 when an O was typed for a 0", () => {
    const [line1, line2] = passportZone();
    const typo = `${line1}\n${line2?.replace('SPECI2014', 'SPECI2O14')}`;
    expect(checkMrz(typo, 'passport', DECLARED, TODAY).advice).toEqual([
      { code: 'checkDigit', line: 2, field: 'documentNumber' },
    ]);
  });

  it("names the birth date's check digit when a digit of the date is wrong", () => {
    const [line1, line2] = passportZone();
    const typo = `${line1}\n${line2?.replace('6503101', '6508101')}`;
    expect(checkMrz(typo, 'passport', DECLARED, TODAY).advice).toEqual([
      { code: 'checkDigit', line: 2, field: 'birthDate' },
    ]);
  });

  it('says the birth date differs from the declared one when the zone itself is sound', () => {
    const zone = passportZone().join('\n');
    expect(checkMrz(zone, 'passport', { ...DECLARED, birthDate: '1965-03-11' }, TODAY).advice).toEqual([
      { code: 'birthDateMismatch', onDocument: '1965-03-10' },
    ]);
  });

  it('says the name differs, but accepts accents, case and a name the zone truncates', () => {
    const zone = passportZone().join('\n');
    expect(checkMrz(zone, 'passport', { ...DECLARED, lastName: 'Jansen' }, TODAY).advice).toEqual([
      { code: 'nameMismatch', onDocument: 'WILLEKE LISELOTTE DE BRUIJN' },
    ]);
    expect(checkMrz(zone, 'passport', { ...DECLARED, lastName: 'De Bruijn' }, TODAY).advice).toEqual([]);
    expect(
      checkMrz(zone, 'passport', { ...DECLARED, firstName: 'Willeke Liselotte Johanna' }, TODAY).advice,
    ).toEqual([]);
  });

  it('says a passport has two lines of 44 characters and an identity card three of 30', () => {
    expect(checkMrz(passportZone()[0] ?? '', 'passport', DECLARED, TODAY).advice).toEqual([
      { code: 'lineCount', expected: 2, actual: 1 },
    ]);
    const [line1, line2] = passportZone();
    expect(checkMrz(`${line1}\n${line2?.slice(0, 40)}`, 'passport', DECLARED, TODAY).advice).toEqual([
      { code: 'lineLength', line: 2, expected: 44, actual: 40 },
    ]);
    expect(checkMrz(passportZone().join('\n'), 'id_card', DECLARED, TODAY).advice).toEqual([
      { code: 'lineCount', expected: 3, actual: 2 },
    ]);
    expect(checkMrz('  \n', 'passport', DECLARED, TODAY).advice).toEqual([{ code: 'empty' }]);
  });

  it('refuses characters the zone never holds and a passport zone that does not start with P', () => {
    const [line1, line2] = passportZone();
    expect(
      checkMrz(`${line1?.replace('BRUIJN', 'BRU-JN')}\n${line2}`, 'passport', null, TODAY).advice,
    ).toEqual([{ code: 'characters', line: 1 }]);
    expect(checkMrz(`${line1?.replace('P<', 'V<')}\n${line2}`, 'passport', null, TODAY).advice).toEqual([
      { code: 'documentCode', line: 1, documentType: 'passport' },
    ]);
  });

  it('names an unknown country code (the ICAO specimen state UTO is refused by mrz)', () => {
    const [line1, line2] = passportZone();
    expect(checkMrz(`${line1?.replace('NLD', 'UTO')}\n${line2}`, 'passport', null, TODAY).advice).toEqual([
      { code: 'stateCode', line: 1, value: 'UTO' },
    ]);
  });

  it('says the nationality or the issuing state differ from the declared ones', () => {
    const zone = passportZone().join('\n');
    expect(
      checkMrz(zone, 'passport', { ...DECLARED, nationality: 'BEL', issuingCountry: 'NLD' }, TODAY).advice,
    ).toEqual([{ code: 'nationalityMismatch', onDocument: 'NLD' }]);
    expect(
      checkMrz(zone, 'passport', { ...DECLARED, nationality: 'NLD', issuingCountry: 'FRA' }, TODAY).advice,
    ).toEqual([{ code: 'issuingCountryMismatch', onDocument: 'NLD' }]);
  });

  it('says the document has expired', () => {
    const zone = passportZone({ expiry: '250101' }).join('\n');
    expect(checkMrz(zone, 'passport', DECLARED, TODAY).advice).toEqual([
      { code: 'expired', expiryDate: '2025-01-01' },
    ]);
  });
});

describe('normaliseMrzLines', () => {
  it('upper-cases, maps guillemets to <, drops spaces inside a line and empty lines', () => {
    expect(normaliseMrzLines('p«nld de\n\n  l2 \r\n')).toEqual(['P<NLDDE', 'L2']);
  });
});

describe('mrzDate', () => {
  it('puts a birth date in the past and an expiry date ahead', () => {
    expect(mrzDate('650310', 'birth', TODAY)).toBe('1965-03-10');
    expect(mrzDate('100310', 'birth', TODAY)).toBe('2010-03-10');
    expect(mrzDate('301231', 'birth', TODAY)).toBe('1930-12-31');
    expect(mrzDate('320309', 'expiry', TODAY)).toBe('2032-03-09');
  });
});

describe('mrzNameForms', () => {
  it('writes a name as the zone does, with the transliterated umlaut as a second form', () => {
    expect(mrzNameForms('Éloïse-Marie')).toEqual(['ELOISE MARIE']);
    expect(mrzNameForms('Müller')).toEqual(['MULLER', 'MUELLER']);
  });
});
