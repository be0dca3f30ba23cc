/**
 * What a KYC level allows, read from the one policy module (KYC_POLICY and WALLET_CREATE_KYC_LEVEL in
 * @tessera/contracts, which cash operations and trading ask too): the lines the identity-verification page and
 * the home prompt show, each a translation key of the `onboarding` namespace with the EUR amounts it names. No
 * amount is written here: a changed policy changes the page.
 */
import { KYC_POLICY, type KycLevel, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';

/** One line: `onboarding:allows.<key>`, with EUR decimal strings as values. */
export interface Allowance {
  readonly key:
    | 'browse'
    | 'noMoney'
    | 'wallets'
    | 'deposits'
    | 'ownTransfers'
    | 'customerTransfers'
    | 'withdrawals'
    | 'trading';
  readonly amounts?: Readonly<Record<string, string>>;
}

/** The lines for `level`, in the order a customer meets them. */
export function allowancesOf(level: KycLevel): readonly Allowance[] {
  const limits = KYC_POLICY[level];
  const lines: Allowance[] = [{ key: 'browse' }];
  if (level >= WALLET_CREATE_KYC_LEVEL) {
    lines.push({ key: 'wallets' });
  }
  if (limits.depositPer30Days !== null && limits.depositSingleMax !== null) {
    lines.push({
      key: 'deposits',
      amounts: { perPeriod: limits.depositPer30Days, single: limits.depositSingleMax },
    });
  }
  if (limits.ownTransfers) {
    lines.push({ key: 'ownTransfers' });
  }
  if (limits.customerTransferPer30Days !== null) {
    lines.push({ key: 'customerTransfers', amounts: { perPeriod: limits.customerTransferPer30Days } });
  }
  if (limits.withdrawalPer30Days !== null) {
    lines.push({ key: 'withdrawals', amounts: { perPeriod: limits.withdrawalPer30Days } });
  }
  if (limits.trading) {
    lines.push({ key: 'trading' });
  }
  if (lines.length === 1) {
    lines.push({ key: 'noMoney' });
  }
  return lines;
}
