/**
 * The home page's balances (PRODUCT.md, "Home"): every wallet valued in the customer's reference currency at the
 * mid rate, the total, the rates used, and the latest activity over all wallets.
 */
import {
  type CashSummary,
  type ReferenceRate,
  SUMMARY_RECENT_ACTIVITY_MAX,
  type SummaryWallet,
} from '@tessera/contracts';
import { amountFromDecimal, minorUnits, multiplyAmount } from '@tessera/money';
import { cashAsset, formatMinor } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { listWallets } from '../wallets/wallets.repository.ts';
import { listCustomerWallets } from '../wallets/wallets.service.ts';
import { listActivity, syncWalletFromLedger } from './activity.service.ts';

/** GET /summary. */
export async function buildSummary(core: CashCore, userId: string): Promise<CashSummary> {
  const profile = await core.customers.getCustomer(userId);
  const reference = cashAsset(profile.referenceCurrency);
  const rows = await listWallets(core.db, userId);
  for (const row of rows) {
    await syncWalletFromLedger(core, row);
  }
  const wallets = await listCustomerWallets(core, userId);
  const rates = new Map<string, ReferenceRate>();
  let total = 0n;
  const summaryWallets: SummaryWallet[] = [];
  for (const wallet of wallets) {
    const asset = cashAsset(wallet.asset);
    const posted = amountFromDecimal(wallet.balance.posted, asset, { allowNegative: true });
    let value = posted;
    if (asset.code !== reference.code) {
      const mid = await core.rates.midRate(asset.code, reference.code);
      rates.set(asset.code, {
        asset: asset.code,
        rate: mid.rate.toShortString(),
        asOf: mid.asOf.toISOString(),
      });
      value = multiplyAmount(minorUnits(posted), asset.scale, mid.rate, reference.scale, 'half_even');
    }
    total += value;
    summaryWallets.push({
      walletId: wallet.id,
      asset: wallet.asset,
      name: wallet.name,
      kind: wallet.kind,
      available: wallet.balance.available,
      posted: wallet.balance.posted,
      valueInReference: formatMinor(value, reference),
    });
  }
  const recent = await listActivity(
    core,
    rows.map((row) => row.id),
    { limit: SUMMARY_RECENT_ACTIVITY_MAX },
  );
  return {
    referenceCurrency: reference.code,
    total: formatMinor(total, reference),
    rates: [...rates.values()],
    wallets: summaryWallets,
    recentActivity: recent.items,
    asOf: core.now().toISOString(),
  };
}
