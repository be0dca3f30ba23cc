/**
 * The investments service's dependencies, wired once per process: its database, the ledger, cash operations (the
 * customers' wallets), user management (KYC level, legal documents), the trading engine's fund port, the clock, and
 * one serial queue per fund (a fund's subscriptions, redemptions, rebalances and valuations run one at a time in
 * this process, so a NAV never counts an order in flight).
 */
import {
  CASH_OPERATIONS_CLIENT,
  type CashOperationsApi,
  FUND_KYC_LEVEL_REQUIRED,
  FUND_TRADING_CLIENT,
  type FundTradingApi,
  IDENTITY_CLIENT,
  type IdentityDirectoryApi,
  LEDGER_CLIENT,
  type LedgerApi,
  USER_MANAGEMENT_CLIENT,
  type UserManagementApi,
} from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import { KycLevelRequiredError, LegalAcceptanceRequiredError, TradingUnavailableError } from '../errors.ts';
import { FundLedger, holderAccountId } from './fund-ledger.ts';
import type { FundRecord } from './funds.ts';
import type { InvestmentsDatabase } from './tables.ts';
import type { TokensDatabase } from './tokens/token-tables.ts';

/** Options of the service (tests pass a clock, a trading port and a process id). */
export interface InvestmentsOptions {
  readonly now?: () => Date;
  /** The trading engine's fund port; default: the trading service's client when it offers one. */
  readonly trading?: FundTradingApi;
  /** Names this process as the owner of the operations it runs (default: a random id per start). */
  readonly processId?: string;
  /** Whether the fee job's worker polls by itself (default true; tests drain it). */
  readonly autoStartJobs?: boolean;
  /** Whether unfinished operations are recovered at start-up (default true). */
  readonly recoverAtStart?: boolean;
  /** The identity directory (customers by e-mail); default: the identity service's client when mounted. */
  readonly directory?: IdentityDirectoryApi;
}

function isFundTradingApi(value: unknown): value is FundTradingApi {
  const candidate = value as Partial<FundTradingApi> | undefined;
  return (
    typeof candidate?.marketOrder === 'function' &&
    typeof candidate.positionAccount === 'function' &&
    typeof candidate.referencePrice === 'function' &&
    typeof candidate.instrument === 'function'
  );
}

export class InvestmentsCore {
  readonly db: InvestmentsDatabase;
  readonly ledger: LedgerApi;
  readonly fundLedger: FundLedger;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  readonly processId: string;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly context: ServiceContext,
    private readonly options: InvestmentsOptions,
  ) {
    const clients = context.clients;
    if (!clients) {
      throw new Error('Investments needs the ledger, user-management and cash-operations clients.');
    }
    this.db = context.db as InvestmentsDatabase;
    this.ledger = clients.get(LEDGER_CLIENT);
    this.fundLedger = new FundLedger(this.ledger);
    this.log = context.log;
    this.now = options.now ?? (() => new Date());
    this.processId = options.processId ?? `investments-${process.pid}-${Math.random().toString(36).slice(2)}`;
  }

  /** The trading engine's fund port, or INVESTMENTS_TRADING_UNAVAILABLE when this process has none. */
  trading(): FundTradingApi {
    const port = this.findTrading();
    if (port === null) {
      throw new TradingUnavailableError();
    }
    return port;
  }

  /**
   * The trading engine's fund port, or null when this process has none (reads then show funds without positions:
   * without the port no fund could have bought any).
   */
  findTrading(): FundTradingApi | null {
    const port = this.options.trading ?? this.context.clients?.find(FUND_TRADING_CLIENT);
    return isFundTradingApi(port) ? port : null;
  }

  get cash(): CashOperationsApi {
    return this.context.clients!.get(CASH_OPERATIONS_CLIENT);
  }

  /** The identity directory (token transfers find their recipient by e-mail), or null when none is mounted. */
  get directory(): IdentityDirectoryApi | null {
    return this.options.directory ?? this.context.clients?.find(IDENTITY_CLIENT) ?? null;
  }

  get customers(): UserManagementApi {
    return this.context.clients!.get(USER_MANAGEMENT_CLIENT);
  }

  /** KYC level 2 and every current legal document accepted (money moves). */
  async requireVerified(userId: string, options: { legal?: boolean } = {}): Promise<void> {
    const profile = await this.customers.getCustomer(userId);
    if (profile.kycLevel < FUND_KYC_LEVEL_REQUIRED) {
      throw new KycLevelRequiredError(undefined, {
        requiredLevel: FUND_KYC_LEVEL_REQUIRED,
        currentLevel: profile.kycLevel,
      });
    }
    if (options.legal === true) {
      const documents = (await this.customers.legalDocumentsToAccept?.(userId)) ?? [];
      if (documents.length > 0) {
        throw new LegalAcceptanceRequiredError(undefined, { documents: [...documents] });
      }
    }
  }

  /** A manager's display name from the identity directory when it is mounted, else a neutral label. */
  async displayName(userId: string): Promise<string> {
    const directory = this.directory;
    try {
      const name = (await directory?.getContact(userId))?.displayName;
      if (typeof name === 'string' && name.length > 0) {
        return name;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'reading a fund manager name failed');
    }
    return 'Community manager';
  }

  /** Every instrument the fund's composition ever named (their positions count until sold). */
  async heldProducts(fund: FundRecord): Promise<string[]> {
    const rows = await this.db
      .selectFrom('fund_products')
      .select('product_id')
      .where('fund_id', '=', fund.id)
      .execute();
    return rows.map((row) => row.product_id);
  }

  /**
   * Customers holding units of the fund now (those who ever subscribed or received units by a token transfer, with
   * a balance above zero).
   */
  async holdersCount(fund: FundRecord): Promise<number> {
    const subscribed = await this.db
      .selectFrom('fund_operations')
      .select('user_id')
      .distinct()
      .where('fund_id', '=', fund.id)
      .where('status', '=', 'minted')
      .execute();
    const received = await (this.db as unknown as TokensDatabase)
      .selectFrom('token_holders')
      .select('user_id')
      .where('fund_id', '=', fund.id)
      .execute();
    const users = new Set([...subscribed, ...received].map((row) => row.user_id));
    let count = 0;
    for (const userId of users) {
      const posted = await this.fundLedger.posted(holderAccountId(fund.id, userId));
      if (posted !== null && /[1-9]/.test(posted) && !posted.startsWith('-')) {
        count += 1;
      }
    }
    return count;
  }

  /** Runs `work` after every earlier work of the same fund in this process. */
  serial<T>(fundId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(fundId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(fundId, settled);
    void settled.then(() => {
      if (this.queues.get(fundId) === settled) {
        this.queues.delete(fundId);
      }
    });
    return next;
  }
}
