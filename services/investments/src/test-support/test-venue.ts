/**
 * Test support: a stand-in for the trading engine's fund port (FUND_TRADING_CLIENT) that settles every market order
 * through the real ledger at a price the test sets, with a fee in basis points: a buy moves the pool's cash to the
 * venue and units from the venue's inventory to the pool's position account; a sell the other way. Orders are
 * idempotent by clientOrderId, like the engine's. `before` lets a test refuse, throw or hang an order, before or
 * after it executed (an answer lost on the way back).
 */
import {
  BANK_TENANT_ID,
  type FundOrderResult,
  type FundPool,
  type FundTradingApi,
  type LedgerApi,
} from '@tessera/contracts';
import { formatFixed, parseFixed } from '../modules/fixed.ts';
import { investmentsId } from '../modules/fund-ledger.ts';

type Order = Parameters<FundTradingApi['marketOrder']>[1];

/**
 * What a test does to an order: nothing, refuse it, throw before or after it executed, or answer only when the test
 * releases it (`hang`: the process looks dead meanwhile; `release()` then fails the call).
 */
export type Fault = 'reject' | 'throw-before' | 'throw-after' | 'hang' | null;

export class TestVenue implements FundTradingApi {
  readonly prices = new Map<string, string>();
  /** Products whose market is closed now, with when it opens next: their orders are refused as the engine does. */
  readonly closed = new Map<string, string | null>();
  readonly calls: Array<{ pool: FundPool; order: Order }> = [];
  private readonly results = new Map<string, FundOrderResult>();
  private readonly opened = new Set<string>();
  private readonly hung: Array<() => void> = [];
  private hungWaiters: Array<() => void> = [];
  /** Resolves once an order hangs (a state to wait for, not a time). */
  whenHung(): Promise<void> {
    return this.hung.length > 0
      ? Promise.resolve()
      : new Promise((resolve) => this.hungWaiters.push(resolve));
  }
  /** Fails every hung call (their process "died": what it does next must not land). */
  release(): void {
    for (const fail of this.hung.splice(0)) {
      fail();
    }
  }
  /** Decides the fault of each order (default: none). */
  before: (order: Order) => Fault = () => null;

  constructor(
    private readonly ledger: LedgerApi,
    /** The venue's fee in basis points of the notional. */
    readonly feeBp: bigint = 10n,
  ) {}

  unitsLedger(productId: string): string {
    return productId.slice(0, productId.lastIndexOf('_')).replace('-', '.');
  }

  async positionAccount(ownerId: string, productId: string): Promise<string> {
    const id = investmentsId(`test-venue-position:${ownerId}:${productId}`);
    await this.open(productId);
    if (!this.opened.has(id)) {
      await this.ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: this.unitsLedger(productId),
        ownerId,
        type: 'customer_wallet',
        flags: { debitsMustNotExceedCredits: true },
      });
      this.opened.add(id);
    }
    return id;
  }

  async referencePrice(productId: string): Promise<string | null> {
    return this.prices.get(productId) ?? null;
  }

  /** Known: the products with a price (EUR), HALT_xetra (not tradable) and AAPL_cboe (USD). */
  async instrument(productId: string): Promise<{ currency: string; tradable: boolean } | null> {
    if (productId === 'HALT_xetra') {
      return { currency: 'EUR', tradable: false };
    }
    if (productId === 'AAPL_cboe') {
      return { currency: 'USD', tradable: true };
    }
    return this.prices.has(productId) ? { currency: 'EUR', tradable: true } : null;
  }

  async marketState(productId: string): Promise<{ open: boolean; nextOpenAt: string | null } | null> {
    if ((await this.instrument(productId))?.tradable !== true) {
      return null;
    }
    return { open: !this.closed.has(productId), nextOpenAt: this.closed.get(productId) ?? null };
  }

  async marketOrder(pool: FundPool, order: Order): Promise<FundOrderResult> {
    const key = `${pool.ownerId}:${order.clientOrderId}`;
    const known = this.results.get(key);
    if (known !== undefined) {
      return known;
    }
    if (this.closed.has(order.productId)) {
      return rejected('TRADING_MARKET_CLOSED');
    }
    this.calls.push({ pool, order });
    const fault = this.before(order);
    if (fault === 'hang') {
      return new Promise<never>((_resolve, reject) => {
        this.hung.push(() => reject(new Error('the process died')));
        for (const wake of this.hungWaiters.splice(0)) {
          wake();
        }
      });
    }
    if (fault === 'throw-before') {
      throw new Error('trading engine unavailable');
    }
    const result = fault === 'reject' ? rejected() : await this.execute(pool, order, key);
    this.results.set(key, result);
    if (fault === 'throw-after') {
      throw new Error('trading engine answer lost');
    }
    return result;
  }

  private async execute(pool: FundPool, order: Order, key: string): Promise<FundOrderResult> {
    const price = this.prices.get(order.productId);
    if (price === undefined) {
      return rejected('TRADING_NO_REFERENCE_PRICE');
    }
    const priceMicro = parseFixed(price, 6, 'down');
    const position = await this.positionAccount(pool.ownerId, order.productId);
    const { cash, inventory } = this.accounts(order.productId);
    if (order.side === 'buy') {
      const notional = parseFixed(order.notional!, 2);
      const fee = (notional * this.feeBp) / 10_000n;
      // quantity (micro) = (notional - fee) / price, cut to the lot (a millionth).
      const quantity = ((notional - fee) * 10n ** 10n) / priceMicro;
      await this.move(key, 'cash', 'EUR', pool.cashAccountId, cash, formatFixed(notional, 2));
      await this.move(
        key,
        'units',
        this.unitsLedger(order.productId),
        inventory,
        position,
        formatFixed(quantity, 6),
      );
      return {
        status: 'filled',
        filledQuantity: formatFixed(quantity, 6),
        notionalFilled: formatFixed(notional, 2),
        averagePrice: price,
        reason: null,
      };
    }
    const quantity = parseFixed(order.quantity!, 6, 'down');
    const gross = (quantity * priceMicro) / 10n ** 10n;
    const proceeds = gross - (gross * this.feeBp) / 10_000n;
    await this.move(
      key,
      'units',
      this.unitsLedger(order.productId),
      position,
      inventory,
      formatFixed(quantity, 6),
    );
    await this.move(key, 'cash', 'EUR', cash, pool.cashAccountId, formatFixed(proceeds, 2));
    return {
      status: 'filled',
      filledQuantity: formatFixed(quantity, 6),
      notionalFilled: formatFixed(proceeds, 2),
      averagePrice: price,
      reason: null,
    };
  }

  private accounts(productId: string) {
    return {
      cash: investmentsId('test-venue-cash:EUR'),
      inventory: investmentsId(`test-venue-inventory:${productId}`),
    };
  }

  private async open(productId: string): Promise<void> {
    if (this.opened.has(productId)) {
      return;
    }
    const { cash, inventory } = this.accounts(productId);
    await this.ledger.createLedger(BANK_TENANT_ID, {
      code: this.unitsLedger(productId),
      assetKind: 'security',
    });
    await this.ledger.createAccounts(BANK_TENANT_ID, [
      { id: cash, ledger: 'EUR', ownerId: BANK_TENANT_ID, type: 'trading_settlement' },
      {
        id: inventory,
        ledger: this.unitsLedger(productId),
        ownerId: BANK_TENANT_ID,
        type: 'trading_settlement',
      },
    ]);
    this.opened.add(productId);
  }

  private async move(key: string, leg: string, ledger: string, from: string, to: string, amount: string) {
    if (parseFixed(amount, 6, 'down') <= 0n) {
      return;
    }
    await this.ledger.createTransfer(BANK_TENANT_ID, {
      id: investmentsId(`test-venue:${key}:${leg}`),
      ledger,
      debitAccountId: from,
      creditAccountId: to,
      amount,
      code: 5003,
    });
  }
}

function rejected(reason = 'TRADING_VENUE_REJECTED'): FundOrderResult {
  return { status: 'rejected', filledQuantity: '0', notionalFilled: '0', averagePrice: null, reason };
}
