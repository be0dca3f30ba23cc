/**
 * What the trading service's modules share: the database, the other services' in-process clients, the bus, the
 * clock, the instrument specs and the ledger accounts.
 */
import {
  CASH_OPERATIONS_CLIENT,
  type CashOperationsApi,
  LEDGER_CLIENT,
  type LedgerApi,
  MARKET_DATA_CLIENT,
  MARKET_DATA_INFO_CLIENT,
  type MarketDataApi,
  type MarketDataInfoApi,
  parseProduct,
  USER_MANAGEMENT_CLIENT,
  type UserManagementApi,
} from '@tessera/contracts';
import type { EventBus, ServiceContext } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import { TradingAccounts } from '../accounts/trading-accounts.ts';
import { type InstrumentSpec, instrumentSpecOf, type SpecProblem } from '../instruments/instrument-spec.ts';
import type { TradingDatabase } from './orders.tables.ts';
import { FundPools } from '../funds/fund-pools.ts';

/**
 * Publishes an event whose loss the caller can bear (notifications, market views): a refusal (the bus closed at
 * shutdown, a remote bus down) is logged and never thrown into a path whose ledger writes already committed.
 */
export async function publishOrLog(
  core: Pick<TradingCore, 'events' | 'log'>,
  topic: string,
  payload: unknown,
): Promise<void> {
  try {
    await core.events.publish(topic, payload);
  } catch (error) {
    core.log.warn({ err: error, topic }, 'an event was not published');
  }
}

/** The service's dependencies. */
export interface TradingCore {
  readonly db: TradingDatabase;
  readonly ledger: LedgerApi;
  readonly customers: UserManagementApi;
  readonly cash: CashOperationsApi;
  readonly catalog: MarketDataInfoApi;
  /** Market data's client when it is mounted in this process (reference prices before the first event). */
  readonly marketData: MarketDataApi | null;
  readonly events: EventBus;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /**
   * The market's clock (ms since the epoch), which says whether a venue is open now: market data's when it is
   * mounted in this process, so its test clock (MARKET_DATA_CLOCK_START, docs/adr/0014-simulated-participants.md)
   * opens and closes venues for orders as it does for quotes; else `now`. Only the session checks read it: every
   * time trading stores stays on `now`.
   */
  readonly marketNow: () => number;
  readonly accounts: TradingAccounts;
  readonly specs: InstrumentSpecs;
  /** The longest trading waits for one ledger write before it counts the ledger as unavailable. */
  readonly ledgerCallTimeoutMs: number;
  /**
   * Fund pools that trade through the fund port (modules/funds): owner id (`fund:<id>`) to the ledger account that
   * pays and receives their cash. A pool is not a customer: no KYC or legal-document check, and its "wallet" is
   * this account (docs/adr/0019). Stored, so an order left open by a restart settles into the right account.
   */
  readonly pools: FundPools;
}

/**
 * How long one ledger write may take before trading stops waiting (the write may still land later: its ids are
 * reused on the next try, so it lands once). A placement then answers TRADING_LEDGER_UNAVAILABLE and a retry with
 * the same clientOrderId completes it; a settlement stays in the outbox for the sweep.
 */
export const LEDGER_CALL_TIMEOUT_MS = 10_000;

/** Options for building the core outside the server's defaults (tests). */
export interface TradingCoreOptions {
  readonly now?: () => Date;
  /** Replaces the market's clock (see {@link TradingCore.marketNow}). */
  readonly marketNow?: () => number;
  /** Replaces cash operations' client (tests, until cash operations offers it in every process). */
  readonly cash?: CashOperationsApi;
  /** Wraps the ledger client (fault-injection tests: a ledger that throws, hangs or refuses). */
  readonly wrapLedger?: (ledger: LedgerApi) => LedgerApi;
  /** Overrides {@link LEDGER_CALL_TIMEOUT_MS} (tests). */
  readonly ledgerCallTimeoutMs?: number;
}

/** Builds the core from the service's context. */
export function createTradingCore(context: ServiceContext, options: TradingCoreOptions = {}): TradingCore {
  const clients = context.clients;
  if (!clients) {
    throw new Error('Trading needs the ledger, user-management, cash-operations and catalog clients.');
  }
  const realLedger = clients.get(LEDGER_CLIENT);
  const ledger = options.wrapLedger?.(realLedger) ?? realLedger;
  const catalog = clients.get(MARKET_DATA_INFO_CLIENT);
  // Cash operations is resolved on first use: the service starts (and serves reads) even in a process where cash
  // operations does not offer its client yet; placing an order then fails loudly.
  const cash = options.cash;
  const now = options.now ?? (() => new Date());
  const pools = new FundPools(context.db as TradingDatabase, now);
  const customerCash: CashOperationsApi = cash ?? {
    currentWallet: (...args) => clients.get(CASH_OPERATIONS_CLIENT).currentWallet(...args),
    notifyWalletChanged: (...args) => clients.get(CASH_OPERATIONS_CLIENT).notifyWalletChanged(...args),
  };
  // A fund pool's cash is its pool account, never a customer wallet; nobody watches it live.
  const lazyCash: CashOperationsApi = {
    currentWallet: async (userId, asset, walletOptions) => {
      const pool = await pools.accountOf(userId);
      return pool === undefined
        ? customerCash.currentWallet(userId, asset, walletOptions)
        : { walletId: pool, accountId: pool, asset };
    },
    notifyWalletChanged: async (userId, walletId) =>
      (await pools.isPool(userId)) ? undefined : customerCash.notifyWalletChanged(userId, walletId),
  };
  const marketData = clients.find(MARKET_DATA_CLIENT) ?? null;
  return {
    db: context.db as TradingDatabase,
    ledger,
    customers: clients.get(USER_MANAGEMENT_CLIENT),
    cash: lazyCash,
    catalog,
    marketData,
    events: context.events,
    log: context.log,
    now,
    marketNow: options.marketNow ?? (marketData === null ? () => now().getTime() : () => marketData.now()),
    accounts: new TradingAccounts(ledger),
    specs: new InstrumentSpecs(catalog),
    ledgerCallTimeoutMs: options.ledgerCallTimeoutMs ?? LEDGER_CALL_TIMEOUT_MS,
    pools,
  };
}

/** The catalog's instruments as specs, read once (the catalog changes only with a deployment). */
export class InstrumentSpecs {
  private loaded: Promise<Map<string, InstrumentSpec | SpecProblem>> | undefined;
  private cache = new Map<string, InstrumentSpec | SpecProblem>();

  constructor(private readonly catalog: MarketDataInfoApi) {}

  /** Loads the catalog (call once before `get`). */
  async load(): Promise<void> {
    this.loaded ??= this.catalog.listInstruments().then((instruments) => {
      const specs = new Map<string, InstrumentSpec | SpecProblem>();
      for (const info of instruments) {
        specs.set(info.id, instrumentSpecOf(info));
      }
      this.cache = specs;
      return specs;
    });
    await this.loaded;
  }

  /** The spec, a reason it is not tradable, or null when the product is unknown (or not a product id). */
  async find(productId: string): Promise<InstrumentSpec | SpecProblem | null> {
    if (parseProduct(productId) === null) {
      return null;
    }
    await this.load();
    return this.cache.get(productId) ?? null;
  }

  /** The spec of a product known to be tradable (orders in the database, reference events). */
  get(productId: string): InstrumentSpec {
    const spec = this.cache.get(productId);
    if (spec === undefined || typeof spec === 'string') {
      throw new Error(`${productId} is not a tradable instrument`);
    }
    return spec;
  }

  /** Every tradable instrument's spec (after `load`). */
  all(): InstrumentSpec[] {
    return [...this.cache.values()].filter((spec): spec is InstrumentSpec => typeof spec !== 'string');
  }

  /** True when `get` would succeed. */
  isTradable(productId: string): boolean {
    const spec = this.cache.get(productId);
    return spec !== undefined && typeof spec !== 'string';
  }
}
