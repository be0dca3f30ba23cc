/** The matching module's public surface: the engine, its vocabulary, the trigger book and partitioning. */
export { MatchingEngine } from './matching-engine.ts';
export { MatchingEventRecorder, type MatchingEvent } from './matching-events.ts';
export * from './matching.types.ts';
export { PARTITION_COUNT_MAX, partitionOf } from './partition.ts';
export {
  submitWithTriggers,
  toOrderRequest,
  TriggerBook,
  triggerAwareSink,
  type StopLimitOrderRequest,
  type StopOrderRequest,
  type Trail,
  type TrailingStopOrderRequest,
  type TriggeredOrder,
  type TriggerLimits,
  type TriggerOrderRequest,
  type TriggerRejectionReason,
} from './trigger-book.ts';
