import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityDetails, CashLimit } from '@tessera/contracts';
import { describeDetails, maskIban, usedPerMille, walletNameProblem } from './presentation.ts';

const LANG_DIR = join(import.meta.dirname, '../../../public/lang');

/** i18next's lookup and {{name}} interpolation over the shipped wallets.json, enough for these sentences. */
function translator(language: 'en' | 'fr') {
  const resources = JSON.parse(readFileSync(join(LANG_DIR, language, 'wallets.json'), 'utf8')) as object;
  return (key: string, options: Record<string, unknown> = {}): string => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources);
    if (typeof found !== 'string') {
      throw new Error(`missing ${language} key ${key}`);
    }
    return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(options[name]));
  };
}

describe('activity details in the customer’s language', () => {
  const cases: [ActivityDetails, string, string][] = [
    [
      { type: 'sepa_deposit', sender: 'Ana Demo' },
      'SEPA transfer received from Ana Demo',
      'Virement SEPA reçu de Ana Demo',
    ],
    [{ type: 'sepa_deposit', sender: null }, 'SEPA transfer received', 'Virement SEPA reçu'],
    [
      { type: 'card_deposit', brand: 'Visa', last4: '4242' },
      'Paid with Visa card ending 4242',
      'Payé avec la carte Visa se terminant par 4242',
    ],
    [
      { type: 'crypto_deposit', chain: 'bitcoin', txHash: null, confirmations: 6 },
      'Received on the Bitcoin network, final after 6 confirmations',
      'Reçu sur le réseau Bitcoin, définitif après 6 confirmations',
    ],
    [
      { type: 'crypto_deposit', chain: 'ethereum', txHash: '0xabcdef0123456789abcdef', confirmations: null },
      'Received on the Ethereum network · transaction 0xabcdef01…',
      'Reçu sur le réseau Ethereum · transaction 0xabcdef01…',
    ],
    [
      { type: 'conversion', from: 'EUR', to: 'USD', rate: '1.0812' },
      'EUR → USD at 1.0812',
      'EUR → USD au taux de 1,0812',
    ],
    [
      { type: 'trade', product: 'AAPL_cboe' },
      'Settlement of an order on AAPL · Cboe',
      'Règlement d’un ordre sur AAPL · Cboe',
    ],
    // Issue #15: a statement's FX fee read "conversionFiat".
    [{ type: 'fee', feeId: 'conversionFiat' }, 'Currency exchange fee', 'Frais de change'],
    [{ type: 'fee', feeId: 'withdrawalCrypto' }, 'Crypto network fee', 'Frais de réseau crypto'],
  ];
  it.each(cases)('%j reads in English and French', (details, english, french) => {
    expect(describeDetails(translator('en'), details, 'en')).toBe(english);
    expect(describeDetails(translator('fr'), details, 'fr')).toBe(french);
  });
});

describe('figures for people', () => {
  it('masks an IBAN to its country, check digits and last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('FR14 2004 1010 0505 0001 3M02 606')).toBe('FR14 •••• 2606');
  });

  it('computes the share of a limit used on cents, capped, with no float along the way', () => {
    const limit = (used: string, total: string | null): CashLimit => ({
      operation: 'deposit',
      limit: total,
      used,
      remaining: '0.00',
      singleMax: null,
    });
    expect(usedPerMille(limit('250.00', '1000.00'))).toBe(250);
    expect(usedPerMille(limit('0.01', '50000.00'))).toBe(0);
    expect(usedPerMille(limit('1200.00', '1000.00'))).toBe(1000);
    expect(usedPerMille(limit('0.00', null))).toBe(0);
  });

  it('refuses the wallet names the service would refuse', () => {
    expect(walletNameProblem('   ')).toBe('rename.nameRequired');
    expect(walletNameProblem('Trip\u0007')).toBe('rename.nameInvalid');
    expect(walletNameProblem('  Summer trip ')).toBeNull();
  });
});
