import { describe, expect, it } from 'vitest';
import { isValidIban, passesLuhn, scanText, scanValue } from './pii-tripwire.ts';

// Published test numbers: the IBAN examples of the registry and the card networks' test cards.
const VALID_IBANS = [
  'FR7630006000011234567890189',
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'NL91ABNA0417164300',
];
const VALID_CARDS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
  '4242424242424242',
];

describe('IBAN check', () => {
  it('accepts valid IBANs and refuses a wrong check digit or length', () => {
    for (const iban of VALID_IBANS) {
      expect(isValidIban(iban), iban).toBe(true);
    }
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('ZZ89370400440532013000')).toBe(false);
  });
});

describe('Luhn check', () => {
  it('accepts test cards and refuses a changed digit', () => {
    for (const card of VALID_CARDS) {
      expect(passesLuhn(card), card).toBe(true);
    }
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });
});

describe('scanText', () => {
  it('finds IBANs typed compact, grouped, lowercase or inside a sentence', () => {
    expect(scanText('FR76 3000 6000 0112 3456 7890 189')).toEqual({ iban: 1 });
    expect(scanText('my iban is de89370400440532013000, thanks')).toEqual({ iban: 1 });
    expect(scanText('GB82 WEST 1234 5698 7654 32 and NL91ABNA0417164300')).toEqual({ iban: 2 });
  });

  it('does not trip on base64 (a data: URI image), where letter-letter-digit-digit runs abound', () => {
    // A fixed pseudo-random base64 text of 200 KB (a linear congruential generator: the same text every run).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let seed = 42;
    let base64 = '';
    for (let index = 0; index < 200_000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      base64 += alphabet[(seed >>> 16) % 64];
    }
    expect(scanText(`data:image/png;base64,${base64}`)).toEqual({});
    // The same valid IBAN in mixed case, as base64 would hold it, is not taken for one either.
    expect(scanText('ref Fr7630006000011234567890189 end')).toEqual({});
  });

  it('does not trip on an IBAN-shaped string with a wrong check digit', () => {
    expect(scanText('FR76 3000 6000 0112 3456 7890 188')).toEqual({});
    expect(scanText('DE88370400440532013000')).toEqual({});
  });

  it('finds card numbers with or without separators, not those failing Luhn', () => {
    expect(scanText('4111 1111 1111 1111')).toEqual({ card: 1 });
    expect(scanText('card: 5555-5555-5555-4444.')).toEqual({ card: 1 });
    expect(scanText('378282246310005')).toEqual({ card: 1 });
    expect(scanText('4111 1111 1111 1112')).toEqual({});
    expect(scanText('5555-5555-5555-4445')).toEqual({});
  });

  it('does not take timestamps, short numbers or ids for cards', () => {
    expect(scanText('1732672000000')).toEqual({});
    expect(scanText('17326720000001234')).toEqual({});
    expect(scanText('order 12345 of 2026-11-27T02:14:31.000Z')).toEqual({});
    expect(scanText('amount 4 242,42 EUR')).toEqual({});
  });

  it('finds e-mail addresses but not retina file names or CSS at-rules', () => {
    expect(scanText('ada.lovelace+bank@example.co.uk')).toEqual({ email: 1 });
    expect(scanText('contact: a@b.fr, c@d.com')).toEqual({ email: 2 });
    expect(scanText('/img/logo@2x.png')).toEqual({});
    expect(scanText('@media (min-width: 360px) { a { color: red } }')).toEqual({});
    expect(scanText('***@***.***')).toEqual({});
  });
});

describe('scanValue', () => {
  it('walks nested rrweb events, string values only', () => {
    const events = [
      {
        type: 4,
        data: { href: 'https://bank.test/home', width: 1366, height: 768 },
        timestamp: 1732672000000,
      },
      {
        type: 3,
        data: {
          source: 0,
          adds: [
            {
              parentId: 4111111111111111,
              node: { type: 3, textContent: 'Pay to GB82WEST12345698765432', id: 42 },
            },
          ],
          attributes: [{ id: 7, attributes: { title: 'ada@example.com', 'data-x': '4242424242424242' } }],
        },
        timestamp: 1732672000001,
      },
      {
        type: 5,
        data: { tag: 'tessera.console', payload: { level: 'log', message: 'hello' } },
        timestamp: 1,
      },
    ];
    expect(scanValue(events)).toEqual({ iban: 1, email: 1, card: 1 });
  });

  it('finds nothing in a clean, masked batch', () => {
    const events = [
      {
        type: 2,
        data: { node: { type: 0, childNodes: [{ type: 3, textContent: '**** **** ****' }] } },
        timestamp: 1,
      },
      {
        type: 5,
        data: { tag: 'tessera.network', payload: { url: '/api/cash-operations/wallets', status: 200 } },
        timestamp: 2,
      },
    ];
    expect(scanValue(events)).toEqual({});
  });

  it('handles deep nesting without recursion', () => {
    let deep: unknown = 'x@example.com';
    for (let index = 0; index < 100000; index += 1) {
      deep = [deep];
    }
    expect(scanValue(deep)).toEqual({ email: 1 });
  });
});

describe('what a formatted page or a hostile sender writes', () => {
  it('finds an IBAN or a card grouped with no-break or narrow no-break spaces (as French formatting writes them)', () => {
    expect(scanText('IBAN FR76\u00a03000\u00a06000\u00a00112\u00a03456\u00a07890\u00a0189')).toEqual({
      iban: 1,
    });
    expect(scanText('fr76\u202f3000\u202f6000\u202f0112\u202f3456\u202f7890\u202f189')).toEqual({ iban: 1 });
    expect(scanText('Carte 4111\u00a01111\u00a01111\u00a01111')).toEqual({ card: 1 });
    expect(scanText('Carte 4111\u202f1111\u202f1111\u202f1111')).toEqual({ card: 1 });
  });

  it('scans object keys as well as values (a sender can put anything in a key)', () => {
    expect(scanValue({ type: 2, data: { attributes: { 'ana@example.com': '' } } })).toEqual({ email: 1 });
    expect(scanValue([{ FR7630006000011234567890189: true }])).toEqual({ iban: 1 });
    // rrweb's own keys (attribute names, style properties) are not findings.
    expect(
      scanValue({ attributes: { 'data-testid': 'x', 'aria-label': 'y', style: { 'margin-top': '2px' } } }),
    ).toEqual({});
  });
});
