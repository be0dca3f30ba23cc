/**
 * Test support for plans: the funds' ledger-backed venue (test-support/test-venue.ts) with market hours (a product
 * can be closed until a time) and a customer's market buy for an amount (PlanTradingApi), which pays from the
 * customer's current wallet through the same ledger-settled orders. Built before the ledger exists (the fixture
 * makes it): `attach` hands it the ledger and cash operations once they are up.
 */
import type {
  CashOperationsApi,
  LedgerApi,
  PlanMarketState,
  PlanOrderResult,
  PlanTradingApi,
} from '@tessera/contracts';
import { TestVenue } from '../../test-support/test-venue.ts';

function late<T extends object>(get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const value = get();
      if (value === undefined) {
        throw new Error('The plan test venue is not attached yet.');
      }
      const member = (value as Record<PropertyKey, unknown>)[property];
      return typeof member === 'function' ? member.bind(value) : member;
    },
  });
}

/**
 * Not `implements PlanTradingApi` in the type: the funds' venue may learn market hours of its own (`marketState`),
 * and this one's, installed at construction, wins at run time either way.
 */
export class PlanTestVenue extends TestVenue implements Pick<PlanTradingApi, 'customerMarketBuy'> {
  /** Closed products and when they open next (ISO time, or null: unknown). */
  readonly closedUntil = new Map<string, string | null>();
  readonly customerOrders: Array<{ userId: string; clientOrderId: string; productId: string }> = [];
  private readonly refs: { ledger?: LedgerApi; cash?: CashOperationsApi };

  constructor() {
    const refs: { ledger?: LedgerApi; cash?: CashOperationsApi } = {};
    super(late(() => refs.ledger));
    this.refs = refs;
    Object.assign(this, { marketState: (productId: string) => this.planMarketState(productId) });
  }

  attach(ledger: LedgerApi, cash: CashOperationsApi): void {
    this.refs.ledger = ledger;
    this.refs.cash = cash;
  }

  async planMarketState(productId: string): Promise<PlanMarketState | null> {
    if (!this.closedUntil.has(productId)) {
      return { open: true, nextOpenAt: null };
    }
    return { open: false, nextOpenAt: this.closedUntil.get(productId) ?? null };
  }

  async customerMarketBuy(
    userId: string,
    order: { clientOrderId: string; productId: string; notional: string },
  ): Promise<PlanOrderResult> {
    if (this.closedUntil.has(order.productId)) {
      return {
        orderId: null,
        status: 'rejected',
        filledQuantity: '0',
        notionalFilled: '0',
        reason: 'TRADING_MARKET_CLOSED',
      };
    }
    const wallet = await this.refs.cash!.currentWallet(userId, 'EUR');
    this.customerOrders.push({ userId, clientOrderId: order.clientOrderId, productId: order.productId });
    const result = await this.marketOrder(
      { ownerId: userId, cashAccountId: wallet!.accountId },
      {
        clientOrderId: order.clientOrderId,
        productId: order.productId,
        side: 'buy',
        notional: order.notional,
      },
    );
    return {
      orderId: result.status === 'rejected' ? null : `order-${order.clientOrderId}`,
      status: result.status,
      filledQuantity: result.filledQuantity,
      notionalFilled: result.notionalFilled,
      reason: result.reason,
    };
  }
}
