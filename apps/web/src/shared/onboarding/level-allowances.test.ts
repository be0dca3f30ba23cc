import { describe, expect, it } from 'vitest';
import { KYC_POLICY, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';
import { allowancesOf } from './level-allowances.ts';

const keys = (level: 0 | 1 | 2 | 3) => allowancesOf(level).map((line) => line.key);

describe('allowancesOf', () => {
  it('level 0 browses only and says nothing involving money is allowed', () => {
    expect(keys(0)).toEqual(['browse', 'noMoney']);
  });

  it('level 1 opens wallets and allows the deposits of the policy, not trading or withdrawals', () => {
    expect(WALLET_CREATE_KYC_LEVEL).toBe(1);
    expect(keys(1)).toEqual(['browse', 'wallets', 'deposits', 'ownTransfers']);
    expect(allowancesOf(1).find((line) => line.key === 'deposits')?.amounts).toEqual({
      perPeriod: KYC_POLICY[1].depositPer30Days,
      single: KYC_POLICY[1].depositSingleMax,
    });
  });

  it('levels 2 and 3 add transfers to others, withdrawals and trading with their own amounts', () => {
    for (const level of [2, 3] as const) {
      expect(keys(level)).toEqual([
        'browse',
        'wallets',
        'deposits',
        'ownTransfers',
        'customerTransfers',
        'withdrawals',
        'trading',
      ]);
      const lines = allowancesOf(level);
      expect(lines.find((line) => line.key === 'withdrawals')?.amounts).toEqual({
        perPeriod: KYC_POLICY[level].withdrawalPer30Days,
      });
      expect(lines.find((line) => line.key === 'customerTransfers')?.amounts).toEqual({
        perPeriod: KYC_POLICY[level].customerTransferPer30Days,
      });
    }
  });
});
