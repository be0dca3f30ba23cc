/**
 * The bank's own ledger accounts that cash operations moves money through, one set per asset (PRODUCT.md, "Assets
 * and the universal ledger"): the external rail accounts (card processor, SEPA, crypto chain), fees, FX liquidity
 * and suspense. Their ids are derived from the asset and purpose (a name-based UUID), so every process knows them
 * without a lookup and creating them again is a no-op (the ledger's account ids are idempotent).
 */
import { createHash } from 'node:crypto';
import {
  type AccountInput,
  type AccountType,
  BANK_TENANT_ID,
  CASH_ASSET_CODES,
  type LedgerApi,
} from '@tessera/contracts';

/** What a bank account is for. */
export const BANK_ACCOUNT_PURPOSES = ['card', 'sepa', 'crypto', 'fees', 'fx', 'suspense'] as const;
/** One of {@link BANK_ACCOUNT_PURPOSES}. */
export type BankAccountPurpose = (typeof BANK_ACCOUNT_PURPOSES)[number];

const typeOfPurpose: Readonly<Record<BankAccountPurpose, AccountType>> = {
  card: 'external_card',
  sepa: 'external_sepa',
  crypto: 'external_crypto',
  fees: 'fees',
  fx: 'fx_liquidity',
  suspense: 'suspense',
};

/** The ledger owner id of the bank's accounts. */
export const BANK_OWNER_ID = 'tessera';

/**
 * The ledger account id of the bank's `purpose` account in `asset`: a UUID (version 8, RFC 9562 "custom") from
 * SHA-256 of a fixed name, stable across processes and restarts.
 */
export function bankAccountId(asset: string, purpose: BankAccountPurpose): string {
  return nameBasedUuid(`tessera.cash-operations.bank-account:${asset}:${purpose}`);
}

/** A name-based UUID (version 8): the first 16 bytes of SHA-256 of `name`, with the version and variant bits set. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The accounts {@link ensureBankAccounts} opens: every purpose for every wallet asset. */
export function bankAccountInputs(): AccountInput[] {
  return CASH_ASSET_CODES.flatMap((asset) =>
    BANK_ACCOUNT_PURPOSES.map((purpose) => ({
      id: bankAccountId(asset, purpose),
      ledger: asset,
      ownerId: BANK_OWNER_ID,
      type: typeOfPurpose[purpose],
      // No balance limit: an external rail account mirrors money outside the bank and runs "negative" as money
      // comes in; FX liquidity is the bank's position in each currency.
      metadata: { purpose: `cash-operations:${purpose}` },
    })),
  );
}

/** Opens the bank's accounts of every asset, idempotently (the ledgers themselves come from the ledger's seed). */
export async function ensureBankAccounts(ledger: LedgerApi): Promise<void> {
  for (const asset of CASH_ASSET_CODES) {
    await ledger.createLedger(BANK_TENANT_ID, { code: asset });
  }
  const results = await ledger.createAccounts(BANK_TENANT_ID, bankAccountInputs());
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected && rejected.status === 'rejected') {
    throw new Error(
      `Opening the bank's cash accounts failed: ${rejected.error.code} ${rejected.error.message}`,
    );
  }
}
