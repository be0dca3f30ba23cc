/**
 * The settings page's loader: the data of the section shown, read with the same query options its component
 * reads. Every section shows its own loading and failure (and the forms their own errors), so a failed read does
 * not fail the route; sections without server data load nothing.
 */
import type { RouterContext } from '#/router.tsx';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { beneficiariesQueryOptions } from '#/shared/cash/api/get-beneficiaries.ts';
import { savedCardsQueryOptions } from '#/shared/cash/api/get-saved-cards.ts';
import { tradingPreferencesQueryOptions } from '#/shared/trading/api/trading-preferences-api.ts';
import type { SettingsSection } from '../lib/settings-sections.ts';

export async function loadSettings(
  { queryClient, api }: RouterContext,
  section: SettingsSection,
): Promise<void> {
  const cash = cashCaller(api);
  const reads: Promise<unknown>[] = [];
  if (section === 'depositCard') {
    reads.push(queryClient.ensureQueryData(savedCardsQueryOptions(cash)));
  }
  if (section === 'depositSepa' || section === 'depositCrypto' || section === 'withdrawal') {
    reads.push(queryClient.ensureQueryData(walletsQueryOptions(cash)));
  }
  if (section === 'withdrawal') {
    reads.push(queryClient.ensureQueryData(beneficiariesQueryOptions(cash)));
  }
  if (section === 'tradingPreferences') {
    reads.push(queryClient.ensureQueryData(tradingPreferencesQueryOptions(api)));
  }
  await Promise.all(reads.map((read) => read.catch(() => undefined)));
}
