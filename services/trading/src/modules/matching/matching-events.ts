/**
 * Matching events as plain objects, for callers that want a list rather than callbacks: the trading service
 * (which persists and publishes them after each request) and the tests. The engine itself calls a
 * {@link MatchingEventSink}, so the benchmark's hot path allocates nothing per event.
 */
import type { CancelReason, DoneReason, MatchingEventSink, RejectionReason } from './matching.types.ts';
import type { TriggerRejectionReason } from './trigger-book.ts';

/**
 * Why a request changed nothing: the engine's rejection, or the trigger book's when a caller records a trigger
 * order it refused alongside the engine's events (the internal venue does, so one list keeps their order).
 */
export type RecordedRejection = RejectionReason | TriggerRejectionReason;

/** One event, as the engine reported it. */
export type MatchingEvent =
  | { readonly type: 'accepted'; readonly orderId: number }
  | { readonly type: 'rejected'; readonly orderId: number; readonly reason: RecordedRejection }
  | {
      readonly type: 'fill';
      readonly makerOrderId: number;
      readonly takerOrderId: number;
      readonly priceTicks: number;
      readonly quantityLots: number;
    }
  | {
      readonly type: 'cancelled';
      readonly orderId: number;
      readonly quantityLots: number;
      readonly reason: CancelReason;
    }
  | {
      readonly type: 'replaced';
      readonly orderId: number;
      readonly priceTicks: number;
      readonly quantityLots: number;
      readonly priorityKept: boolean;
    }
  | { readonly type: 'done'; readonly orderId: number; readonly reason: DoneReason };

/**
 * A sink that records events in order. Drain it with {@link MatchingEventRecorder.take} after each request: one
 * request produces at most one event per order it touches, so the list stays bounded by the book's size.
 */
export class MatchingEventRecorder implements MatchingEventSink {
  private events: MatchingEvent[] = [];

  /** Returns the events recorded since the last call and forgets them. */
  take(): MatchingEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  accepted(orderId: number): void {
    this.events.push({ type: 'accepted', orderId });
  }

  rejected(orderId: number, reason: RecordedRejection): void {
    this.events.push({ type: 'rejected', orderId, reason });
  }

  fill(makerOrderId: number, takerOrderId: number, priceTicks: number, quantityLots: number): void {
    this.events.push({ type: 'fill', makerOrderId, takerOrderId, priceTicks, quantityLots });
  }

  cancelled(orderId: number, quantityLots: number, reason: CancelReason): void {
    this.events.push({ type: 'cancelled', orderId, quantityLots, reason });
  }

  replaced(orderId: number, priceTicks: number, quantityLots: number, priorityKept: boolean): void {
    this.events.push({ type: 'replaced', orderId, priceTicks, quantityLots, priorityKept });
  }

  done(orderId: number, reason: DoneReason): void {
    this.events.push({ type: 'done', orderId, reason });
  }
}
