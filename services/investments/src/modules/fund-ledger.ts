/**
 * The ledger accounts a fund moves money and units through (docs/adr/0019-fund-units-nav-and-money-paths.md). Every
 * id is a name-based UUID, so opening them is idempotent and needs no table.
 *
 * Per fund: its units ledger (`TSR.F<number>`, asset kind fund_unit, scale 6); the units issuance account (debited
 * when units are minted, credited when they are burnt: minus its balance is the units outstanding); the pool's cash
 * account (fund_pool, the fund's currency); one escrow account per subscription (the cash waiting to be invested).
 * Per holder: a units account (`debitsMustNotExceedCredits`). Per currency: Tessera's management-fee account.
 */
import { createHash } from 'node:crypto';
import { BANK_TENANT_ID, type LedgerApi } from '@tessera/contracts';

/** Transfer codes of the investments service (docs/api.md, "Investments"). */
export const INVESTMENT_TRANSFER_CODES = {
  subscriptionCash: 6001,
  escrowToPool: 6002,
  mint: 6003,
  refund: 6004,
  burn: 6005,
  payout: 6006,
  managementFee: 6007,
} as const;

/** A name-based UUID (SHA-256 of the name, version 8 "custom", RFC 9562): the same name, the same id. */
export function investmentsId(name: string): string {
  const bytes = createHash('sha256').update(`tessera.investments:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ledger owner id of a fund's pool. */
export const poolOwnerOf = (fundId: string): string => `fund:${fundId}`;

/** The units ledger code of the fund numbered `number`. */
export const unitsLedgerCode = (number: string | number): string => `TSR.F${number}`;

export const poolCashAccountId = (fundId: string): string => investmentsId(`pool-cash:${fundId}`);
export const issuanceAccountId = (fundId: string): string => investmentsId(`units-issuance:${fundId}`);
export const escrowAccountId = (operationId: string): string => investmentsId(`escrow:${operationId}`);
export const holderAccountId = (fundId: string, userId: string): string =>
  investmentsId(`units:${fundId}:${userId}`);
export const feeAccountId = (currency: string): string => investmentsId(`management-fees:${currency}`);

/** Whether a thrown ledger error carries `code`. */
export function ledgerCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Opens accounts on first use; remembers what it opened in this process. */
export class FundLedger {
  private readonly opened = new Map<string, Promise<unknown>>();

  constructor(readonly ledger: LedgerApi) {}

  /** The fund's units ledger, issuance and pool cash accounts, and the currency's fee account. */
  ensureFund(fund: { id: string; unitsLedger: string; currency: string }): Promise<unknown> {
    return this.once(`fund:${fund.id}`, async () => {
      await this.ledger.createLedger(BANK_TENANT_ID, { code: fund.unitsLedger, assetKind: 'fund_unit' });
      const owner = poolOwnerOf(fund.id);
      const results = await this.ledger.createAccounts(BANK_TENANT_ID, [
        {
          id: issuanceAccountId(fund.id),
          ledger: fund.unitsLedger,
          ownerId: owner,
          type: 'fund_pool',
          metadata: { role: 'fund_units_issuance', fundId: fund.id },
        },
        {
          id: poolCashAccountId(fund.id),
          ledger: fund.currency,
          ownerId: owner,
          type: 'fund_pool',
          metadata: { role: 'fund_pool_cash', fundId: fund.id },
        },
        {
          id: feeAccountId(fund.currency),
          ledger: fund.currency,
          ownerId: BANK_TENANT_ID,
          type: 'fees',
          metadata: { role: 'fund_management_fees' },
        },
      ]);
      for (const result of results) {
        if (result.status === 'rejected') {
          throw new Error(`Opening fund accounts failed: ${result.error.code} ${result.error.message}`);
        }
      }
    });
  }

  /** The holder's units account of the fund (opened when absent). */
  async ensureHolder(fund: { id: string; unitsLedger: string }, userId: string): Promise<string> {
    const id = holderAccountId(fund.id, userId);
    await this.once(`holder:${id}`, () =>
      this.ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: fund.unitsLedger,
        ownerId: userId,
        type: 'customer_wallet',
        flags: { debitsMustNotExceedCredits: true },
        metadata: { role: 'fund_units', fundId: fund.id },
      }),
    );
    return id;
  }

  /** The subscription's escrow account (opened when absent). */
  async ensureEscrow(fund: { id: string; currency: string }, operationId: string): Promise<string> {
    const id = escrowAccountId(operationId);
    await this.once(`escrow:${id}`, () =>
      this.ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: fund.currency,
        ownerId: poolOwnerOf(fund.id),
        type: 'fund_pool',
        flags: { debitsMustNotExceedCredits: true },
        metadata: { role: 'fund_subscription_escrow', fundId: fund.id, operationId },
      }),
    );
    return id;
  }

  /** The posted balance of an account as a decimal string, or null when it does not exist. */
  async posted(accountId: string): Promise<string | null> {
    try {
      return (await this.ledger.getAccount(BANK_TENANT_ID, accountId)).balance.posted;
    } catch (error) {
      if (ledgerCode(error) === 'LEDGER_ACCOUNT_NOT_FOUND') {
        return null;
      }
      throw error;
    }
  }

  /** The available balance (posted less pending debits), or null when the account does not exist. */
  async available(accountId: string): Promise<string | null> {
    try {
      return (await this.ledger.getAccount(BANK_TENANT_ID, accountId)).balance.available;
    } catch (error) {
      if (ledgerCode(error) === 'LEDGER_ACCOUNT_NOT_FOUND') {
        return null;
      }
      throw error;
    }
  }

  private once(key: string, open: () => Promise<unknown>): Promise<unknown> {
    let opening = this.opened.get(key);
    if (opening === undefined) {
      opening = open().catch((error: unknown) => {
        this.opened.delete(key);
        throw error;
      });
      this.opened.set(key, opening);
    }
    return opening;
  }
}
