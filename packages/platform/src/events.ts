/**
 * Events between services: a tiny typed publish/subscribe interface.
 *
 * The in-process bus below is the embedded default (one process, nothing to run). At scale the same interface is
 * implemented over NATS (JetStream for durable streams), so services never know which one they have
 * (ARCHITECTURE.md, Scale-out). Write subscribers for that world: a payload is a copy (structured clone), delivery
 * order between topics is not guaranteed, and a failing subscriber never fails the publisher.
 */

/** A map from topic name to payload type, e.g. `{ 'ledger.transfer.posted': TransferPosted }`. */
export type EventMap = Record<string, unknown>;

/** Handles one event; a thrown error or rejected promise is logged, not propagated to the publisher. */
export type EventHandler<Payload> = (payload: Payload, topic: string) => void | Promise<void>;

/** The publish/subscribe contract every bus implements. */
export interface EventBus<Events extends EventMap = EventMap> {
  /** Sends `payload` to every subscriber of `topic`; resolves once the bus has accepted it. */
  publish<Topic extends keyof Events & string>(topic: Topic, payload: Events[Topic]): Promise<void>;
  /** Calls `handler` for each event on `topic`; returns a function that unsubscribes (safe to call twice). */
  subscribe<Topic extends keyof Events & string>(
    topic: Topic,
    handler: EventHandler<Events[Topic]>,
  ): () => void;
  /** Stops delivering: later publishes are rejected, subscribers are dropped. */
  close(): Promise<void>;
}

/** Where the in-process bus reports failing subscribers (a pino logger fits). */
export interface EventBusLogger {
  error(details: object, message: string): void;
}

/** Options of {@link createInProcessEventBus}. */
export interface InProcessEventBusOptions {
  log?: EventBusLogger;
  /** A bound on subscribers per topic, so a leak (subscribe per request) fails loudly instead of growing. */
  subscribersPerTopicMax?: number;
}

/**
 * The embedded default bus: delivery in this process only. `publish` resolves after every subscriber of the topic
 * has finished (handy in tests), but code must not rely on that: over NATS it resolves on the server's ack.
 */
export function createInProcessEventBus<Events extends EventMap = EventMap>(
  options: InProcessEventBusOptions = {},
): EventBus<Events> {
  const { log, subscribersPerTopicMax = 1_000 } = options;
  const topics = new Map<string, Set<EventHandler<unknown>>>();
  let closed = false;

  return {
    async publish(topic, payload) {
      if (closed) {
        throw new Error(`The event bus is closed; cannot publish ${topic}.`);
      }
      const handlers = [...(topics.get(topic) ?? [])];
      // Cloning up front makes a payload that NATS could not carry (a function, a socket) fail the publisher.
      const copies = handlers.map(() => structuredClone(payload));
      const results = await Promise.allSettled(
        handlers.map(async (handler, index) => handler(copies[index], topic)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          log?.error({ err: result.reason, topic }, 'event subscriber failed');
        }
      }
    },
    subscribe(topic, handler) {
      const handlers = topics.get(topic) ?? new Set<EventHandler<unknown>>();
      if (handlers.size >= subscribersPerTopicMax) {
        throw new Error(`Topic ${topic} already has ${subscribersPerTopicMax} subscribers.`);
      }
      const entry = handler as EventHandler<unknown>;
      handlers.add(entry);
      topics.set(topic, handlers);
      return () => {
        handlers.delete(entry);
      };
    },
    async close() {
      closed = true;
      topics.clear();
    },
  };
}
