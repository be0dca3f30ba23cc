/**
 * The latest reference price of each product: from `market.reference` events (market data's simulator), or, before
 * the first event, from market data's in-process client when it is mounted here.
 */
import type { MarketDataApi, ProductId } from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';

export class ReferencePrices {
  private readonly prices = new Map<string, Decimal>();

  constructor(private readonly marketData: MarketDataApi | null) {}

  /** Records a price (from an event). */
  set(productId: string, price: Decimal): void {
    this.prices.set(productId, price);
  }

  /** The latest price known here, without asking market data. */
  latest(productId: string): Decimal | null {
    return this.prices.get(productId) ?? null;
  }

  /** The latest price, asking market data when no event has arrived yet; null when nobody knows one. */
  async get(spec: InstrumentSpec): Promise<Decimal | null> {
    const known = this.prices.get(spec.productId);
    if (known !== undefined || this.marketData === null) {
      return known ?? null;
    }
    const text = await this.marketData.getReferencePrice(spec.productId as ProductId).catch(() => null);
    return text === null ? null : Decimal.from(text);
  }
}
