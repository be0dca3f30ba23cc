/** Builders shared by the matching engine's example tests. */
import { MatchingEngine } from './matching-engine.ts';
import { MatchingEventRecorder } from './matching-events.ts';
import type { LimitOrderRequest, MarketOrderRequest, MatchingLimits, Side } from './matching.types.ts';

/** A fresh engine with an event recorder. */
export function createBook(limits?: MatchingLimits): {
  engine: MatchingEngine;
  events: MatchingEventRecorder;
} {
  const events = new MatchingEventRecorder();
  return { engine: new MatchingEngine(events, limits), events };
}

/** A `gtc` limit order of its own account (`account-<orderId>`) unless told otherwise. */
export function limit(
  orderId: number,
  side: Side,
  priceTicks: number,
  quantityLots: number,
  options: Partial<LimitOrderRequest> = {},
): LimitOrderRequest {
  return {
    type: 'limit',
    orderId,
    accountId: `account-${orderId}`,
    side,
    priceTicks,
    quantityLots,
    timeInForce: 'gtc',
    ...options,
  };
}

/** A market order with a protection price. */
export function market(
  orderId: number,
  side: Side,
  quantityLots: number,
  protectionPriceTicks: number,
  options: Partial<MarketOrderRequest> = {},
): MarketOrderRequest {
  return {
    type: 'market',
    orderId,
    accountId: `account-${orderId}`,
    side,
    quantityLots,
    protectionPriceTicks,
    ...options,
  };
}
