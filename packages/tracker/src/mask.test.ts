import { describe, expect, it } from 'vitest';
import { createMaskTextFn, maskAlways, maskText } from './mask.ts';

const defaults = { emails: true, numbers: false };
/** A stand-in element: `closest` answers for the data attributes it is given. */
const element = (...attributes: string[]) => ({
  closest: (selector: string) => (attributes.some((a) => selector.includes(a)) ? {} : null),
});

describe('maskText', () => {
  it('obscures e-mail-like text by default and keeps the rest', () => {
    expect(maskText('Write to ana.demo@tessera.test today', defaults)).toBe(
      'Write to ********************* today',
    );
  });

  it('leaves e-mails when obscureTextEmails is off', () => {
    expect(maskText('ana@tessera.test', { emails: false, numbers: false })).toBe('ana@tessera.test');
  });

  it('always obscures IBAN-like text, grouped or not', () => {
    expect(maskText('IBAN FR76 3000 6000 0112 3456 7890 189', defaults)).not.toMatch(/\d/u);
    expect(maskText('to DE89370400440532013000.', defaults)).toBe('to **********************.');
  });

  it('always obscures card-like numbers', () => {
    expect(maskText('Card 4242 4242 4242 4242 expires', defaults)).toBe('Card **** **** **** **** expires');
    expect(maskText('5555-5555-5555-4444', defaults)).toBe('*******************');
  });

  it('obscures money amounts, symbol or code on either side', () => {
    expect(maskText('Balance €1,234.56', defaults)).toBe('Balance €*,***.**');
    expect(maskText('Solde 1\u202f234,56 €', defaults)).toBe('Solde *\u202f***,** €');
    expect(maskText('EUR 12.00 sent', defaults)).toBe('EUR **.** sent');
    expect(maskText('-$3 fee', defaults)).toBe('-$* fee');
  });

  it('keeps plain numbers unless obscureTextNumbers is on', () => {
    expect(maskText('3 new messages on 27/11', defaults)).toBe('3 new messages on 27/11');
    expect(maskText('3 new messages on 27/11', { emails: true, numbers: true })).toBe(
      '* new messages on **/**',
    );
  });

  it('lets amounts and numbers through on the allow-list, never e-mails, IBANs or cards', () => {
    const context = { allow: true };
    const options = { emails: true, numbers: true };
    expect(maskText('Price €12.50 (3 shares)', options, context)).toBe('Price €12.50 (3 shares)');
    expect(maskText('ana@tessera.test', options, context)).toBe('****************');
    expect(maskText('FR7630006000011234567890189', options, context)).not.toMatch(/\d/u);
    expect(maskText('4242424242424242', options, context)).toBe('****************');
  });

  it('obscures everything inside data-tracker-mask', () => {
    expect(maskText('Ana Demo', defaults, { mask: true })).toBe('*** ****');
  });

  it('maskAlways is idempotent', () => {
    const once = maskAlways('FR76 3000 6000 0112 3456 7890 189 and ana@x.fr');
    expect(maskAlways(once)).toBe(once);
  });
});

describe('createMaskTextFn (rrweb maskTextFn)', () => {
  const fn = createMaskTextFn(defaults);

  it('reads data-tracker-mask and data-tracker-allow from the element', () => {
    expect(fn('Ana Demo', element('data-tracker-mask'))).toBe('*** ****');
    expect(fn('€1,234.56', element('data-tracker-allow'))).toBe('€1,234.56');
    expect(fn('€1,234.56', element())).toBe('€*,***.**');
    expect(fn('€1,234.56', null)).toBe('€*,***.**');
  });

  it('returns whitespace and plain words untouched', () => {
    expect(fn('  \n ', element())).toBe('  \n ');
    expect(fn('Dashboard', element())).toBe('Dashboard');
  });
});
