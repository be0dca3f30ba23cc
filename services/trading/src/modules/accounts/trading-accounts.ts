/**
 * The ledger accounts trading moves money and units through (docs/adr/0007-trading-reservation-and-settlement.md).
 * Every id is derived from a name (a name-based UUID), so opening them is idempotent and needs no table: the same
 * name always gives the same account, in every process and after every restart.
 *
 * Per currency (bank tenant, the currency's ledger):
 * - trading settlement: where a buy's reservation is posted to, and what pays sellers and the fee;
 * - trading fees: the fees of trades;
 * - market-maker cash: the internal venue's market makers' money (no balance limit: the venue is the bank).
 * Per units ledger (a security's, or a crypto-asset's):
 * - units settlement: where a sell's reserved units are posted to, and what delivers units to buyers;
 * - market-maker inventory: the market makers' units (no balance limit: they may be short).
 * Per customer and product: the position account, `debitsMustNotExceedCredits` (no short selling).
 */
import { createHash } from 'node:crypto';
import { type Account, BANK_TENANT_ID, type LedgerApi } from '@tessera/contracts';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';

/** The bank's owner id in the ledger. */
const BANK_OWNER = BANK_TENANT_ID;

/** A name-based UUID (SHA-256 of the name, version 8 "custom", RFC 9562): the same name, the same id. */
export function nameBasedId(name: string): string {
  const bytes = createHash('sha256').update(`tessera.trading:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bank's accounts of one instrument's two ledgers. */
export interface VenueAccounts {
  readonly settlement: string;
  readonly fees: string;
  readonly marketMakerCash: string;
  readonly unitsSettlement: string;
  readonly marketMakerInventory: string;
}

/** The ids of the bank's accounts for `spec` (they exist once {@link TradingAccounts.ensureVenue} ran). */
export function venueAccountIds(spec: InstrumentSpec): VenueAccounts {
  return {
    settlement: nameBasedId(`settlement:${spec.currency}`),
    fees: nameBasedId(`fees:${spec.currency}`),
    marketMakerCash: nameBasedId(`market-maker-cash:${spec.currency}`),
    unitsSettlement: nameBasedId(`units-settlement:${spec.unitsLedger}`),
    marketMakerInventory: nameBasedId(`market-maker-inventory:${spec.unitsLedger}`),
  };
}

/** The customer's position account of a product. */
export function positionAccountId(userId: string, productId: string): string {
  return nameBasedId(`position:${userId}:${productId}`);
}

/** Opens trading's ledgers and accounts on first use; remembers what it opened. */
export class TradingAccounts {
  private readonly opened = new Map<string, Promise<unknown>>();

  constructor(private readonly ledger: LedgerApi) {}

  /** The units ledger and the bank's five accounts of `spec`. */
  ensureVenue(spec: InstrumentSpec): Promise<unknown> {
    return this.once(`venue:${spec.productId}`, async () => {
      if (spec.unitsKind === 'security') {
        await this.ledger.createLedger(BANK_TENANT_ID, { code: spec.unitsLedger, assetKind: 'security' });
      }
      const ids = venueAccountIds(spec);
      const cash = (id: string, type: 'trading_settlement' | 'fees', role: string) => ({
        id,
        ledger: spec.currency,
        ownerId: BANK_OWNER,
        type,
        metadata: { role },
      });
      const units = (id: string, role: string) => ({
        id,
        ledger: spec.unitsLedger,
        ownerId: BANK_OWNER,
        type: 'trading_settlement' as const,
        metadata: { role },
      });
      const results = await this.ledger.createAccounts(BANK_TENANT_ID, [
        cash(ids.settlement, 'trading_settlement', 'trading_settlement'),
        cash(ids.fees, 'fees', 'trading_fees'),
        cash(ids.marketMakerCash, 'trading_settlement', 'market_maker_cash'),
        units(ids.unitsSettlement, 'units_settlement'),
        units(ids.marketMakerInventory, 'market_maker_inventory'),
      ]);
      for (const result of results) {
        if (result.status === 'rejected') {
          throw new Error(`Opening trading accounts failed: ${result.error.code} ${result.error.message}`);
        }
      }
    });
  }

  /** The customer's position account of `spec` (opened when absent). */
  async ensurePosition(userId: string, spec: InstrumentSpec): Promise<string> {
    const id = positionAccountId(userId, spec.productId);
    await this.once(`position:${id}`, () =>
      this.ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: spec.unitsLedger,
        ownerId: userId,
        type: 'customer_wallet',
        flags: { debitsMustNotExceedCredits: true },
        metadata: { role: 'trading_position', productId: spec.productId },
      }),
    );
    return id;
  }

  /** The account's balance, or null when it does not exist (a position never opened). */
  async balanceOf(accountId: string): Promise<Account['balance'] | null> {
    try {
      return (await this.ledger.getAccount(BANK_TENANT_ID, accountId)).balance;
    } catch (error) {
      if ((error as { code?: string }).code === 'LEDGER_ACCOUNT_NOT_FOUND') {
        return null;
      }
      throw error;
    }
  }

  private once(key: string, open: () => Promise<unknown>): Promise<unknown> {
    let promise = this.opened.get(key);
    if (promise === undefined) {
      promise = open().catch((error: unknown) => {
        this.opened.delete(key);
        throw error;
      });
      this.opened.set(key, promise);
    }
    return promise;
  }
}
