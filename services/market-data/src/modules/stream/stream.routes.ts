/**
 * The market-data websocket (`/api/market-data/ws`): public market data, no sign-in. The protocol is the
 * contract's (`MarketClientMessage`, `MarketServerMessage` in @tessera/contracts); fan-out, conflation (at most 10
 * updates a second per channel per client, latest wins), bounded buffers, heartbeats and the slow-consumer drop
 * are the platform's WebSocketHub. This module parses client messages, checks channels and products, builds
 * snapshots from the view and turns view changes into updates.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type CandleInterval,
  isMarketChannel,
  MARKET_STREAM_CLIENT_MESSAGE_BYTES_MAX,
  MARKET_STREAM_CLOSE_CODES,
  MARKET_STREAM_HEARTBEAT_INTERVAL_MS,
  MARKET_STREAM_SUBSCRIPTIONS_MAX,
  MARKET_STREAM_UPDATES_PER_SECOND_MAX,
  type MarketChannel,
  marketClientMessageSchema,
  type MarketStreamErrorCode,
  type MarketSubscription,
  parseProduct,
  type ProductId,
  RECENT_TRADES_MAX,
} from '@tessera/contracts';
import { type HubClient, hubSocketOf, WebSocketHub, websocketSupport } from '@tessera/platform';
import {
  InvalidMessageError,
  InvalidProductError,
  TooManySubscriptionsError,
  UnknownChannelError,
  UnknownProductError,
} from '../../errors.ts';
import type { MarketDataRuntime } from '../market/market-data-runtime.ts';
import type { MarketViewChange } from '../market/market-view.ts';

/** Invalid messages a connection may send before it is closed with 4002. */
const INVALID_MESSAGES_MAX = 20;
/** How often the server pings at the websocket level to find dead peers (browsers answer pings themselves). */
const PING_INTERVAL_MS = 30_000;
/** Trades in the `trades` snapshot. */
const TRADES_SNAPSHOT_MAX = Math.min(50, RECENT_TRADES_MAX);

export interface StreamRoutesOptions {
  readonly runtime: MarketDataRuntime;
  /** Connections this process accepts. */
  readonly connectionsMax: number;
  /** Hub bounds (tests shorten them); defaults are the contract's. */
  readonly hubOptions?: ConstructorParameters<typeof WebSocketHub>[0];
  /** Gives the caller the hub (tests, the benchmark's memory figures). */
  readonly onHub?: (hub: WebSocketHub) => void;
}

/**
 * The websocket's documentation: no parameters; after the upgrade, JSON text messages in both directions (the
 * contract's `marketClientMessageSchema` and `marketServerMessageSchema`, docs/api.md "Market data").
 */
const streamRouteSchema = {
  summary: 'Streams market data over a websocket',
  description:
    'Public, no sign-in. After the upgrade the client sends JSON `subscribe`, `unsubscribe` or `ping` messages; ' +
    'the server answers `subscribed` / `unsubscribed`, a `snapshot` then `update`s per channel (quotes, trades, ' +
    'book, candles:<interval>), `heartbeat` and `error` messages. Close codes: 1001, 1009, 1013, 4002, 4008.',
  response: {
    101: z
      .null()
      .describe(
        'Switching Protocols, then JSON text messages (see marketServerMessageSchema in @tessera/contracts)',
      ),
  },
};

/** The hub's channel key of a subscription. */
const keyOf = (channel: MarketChannel, productId: string) => `${channel}|${productId}`;

export async function streamRoutes(app: FastifyInstance, options: StreamRoutesOptions) {
  const { runtime } = options;
  const hub = new WebSocketHub({
    minIntervalMs: 1000 / MARKET_STREAM_UPDATES_PER_SECOND_MAX,
    heartbeatIntervalMs: MARKET_STREAM_HEARTBEAT_INTERVAL_MS,
    subscriptionsPerClientMax: MARKET_STREAM_SUBSCRIPTIONS_MAX,
    clientsMax: options.connectionsMax,
    onSlowConsumer: (client) => app.log.info({ client: client.id }, 'market stream: slow consumer dropped'),
    ...options.hubOptions,
  });
  options.onHub?.(hub);
  const stopUpdates = runtime.view.onChange((change) => publishChange(hub, change));
  const alive = new Map<{ ping(): void; terminate(): void }, boolean>();
  const pinger = setInterval(() => {
    for (const [socket, answered] of alive) {
      if (!answered) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    stopUpdates();
    hub.close();
  });

  await app.register(websocketSupport);
  app.get('/ws', { websocket: true, schema: streamRouteSchema }, (socket) => {
    const client = hub.connect(hubSocketOf(socket));
    if (client === null) {
      socket.close(MARKET_STREAM_CLOSE_CODES.tryAgainLater, 'too many connections');
      return;
    }
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    let invalidMessages = 0;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const size = Array.isArray(data)
        ? data.reduce((total, part) => total + part.length, 0)
        : data.byteLength;
      if (size > MARKET_STREAM_CLIENT_MESSAGE_BYTES_MAX) {
        socket.close(MARKET_STREAM_CLOSE_CODES.messageTooBig, 'message too big');
        return;
      }
      const valid =
        !isBinary &&
        handleMessage(
          hub,
          runtime,
          client,
          Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(asBuffers(data)).toString('utf8'),
        );
      if (!valid) {
        invalidMessages += 1;
        if (invalidMessages > INVALID_MESSAGES_MAX) {
          socket.close(MARKET_STREAM_CLOSE_CODES.protocolViolation, 'too many invalid messages');
        }
      }
    });
    socket.on('close', () => {
      alive.delete(socket);
      hub.disconnect(client);
    });
    socket.on('error', () => socket.terminate());
  });
}

function asBuffers(data: ArrayBuffer | Buffer[]): Buffer[] {
  return Array.isArray(data) ? data : [Buffer.from(data)];
}

/** Handles one client message; false when it was invalid (an error message was sent). */
function handleMessage(
  hub: WebSocketHub,
  runtime: MarketDataRuntime,
  client: HubClient,
  text: string,
): boolean {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    sendError(hub, client, InvalidMessageError.code, 'The message is not JSON.');
    return false;
  }
  const parsed = marketClientMessageSchema.safeParse(json);
  if (!parsed.success) {
    sendError(hub, client, InvalidMessageError.code, InvalidMessageError.defaultMessage);
    return false;
  }
  const message = parsed.data;
  if (message.type === 'ping') {
    hub.send(client, `{"type":"heartbeat","timeMs":${runtime.now()}}`);
    return true;
  }
  const accepted: MarketSubscription[] = [];
  for (const requested of message.channels) {
    const checked = checkSubscription(runtime, requested);
    if ('code' in checked) {
      sendError(hub, client, checked.code, checked.message, requested);
    } else if (
      !accepted.some((each) => each.channel === checked.channel && each.productId === checked.productId)
    ) {
      accepted.push(checked);
    }
  }
  if (message.type === 'unsubscribe') {
    for (const subscription of accepted) {
      hub.unsubscribe(client, keyOf(subscription.channel, subscription.productId));
    }
    hub.send(client, JSON.stringify({ type: 'unsubscribed', channels: accepted }));
    return true;
  }
  subscribe(hub, runtime, client, accepted);
  return true;
}

/** Acknowledges what fits under the subscription bound, then sends each one's snapshot. */
function subscribe(
  hub: WebSocketHub,
  runtime: MarketDataRuntime,
  client: HubClient,
  requested: MarketSubscription[],
) {
  let room = MARKET_STREAM_SUBSCRIPTIONS_MAX - client.channels.size;
  const accepted: MarketSubscription[] = [];
  for (const subscription of requested) {
    const already = client.channels.has(keyOf(subscription.channel, subscription.productId));
    if (already || room > 0) {
      accepted.push(subscription);
      room -= already ? 0 : 1;
    } else {
      sendError(
        hub,
        client,
        TooManySubscriptionsError.code,
        TooManySubscriptionsError.defaultMessage,
        subscription,
      );
    }
  }
  hub.send(client, JSON.stringify({ type: 'subscribed', channels: accepted }));
  for (const subscription of accepted) {
    const snapshot = snapshotOf(runtime, subscription);
    hub.subscribe(
      client,
      keyOf(subscription.channel, subscription.productId),
      snapshot?.message,
      snapshot?.atMs,
    );
  }
}

function checkSubscription(
  runtime: MarketDataRuntime,
  requested: { channel: string; productId: string },
): MarketSubscription | { code: MarketStreamErrorCode; message: string } {
  if (!isMarketChannel(requested.channel)) {
    return { code: UnknownChannelError.code, message: UnknownChannelError.defaultMessage };
  }
  const product = parseProduct(requested.productId);
  if (product === null) {
    return { code: InvalidProductError.code, message: InvalidProductError.defaultMessage };
  }
  if (runtime.instrument(product.id) === undefined) {
    return { code: UnknownProductError.code, message: UnknownProductError.defaultMessage };
  }
  return { channel: requested.channel, productId: product.id };
}

function sendError(
  hub: WebSocketHub,
  client: HubClient,
  code: MarketStreamErrorCode,
  message: string,
  subscription?: { channel: string; productId: string },
): void {
  const body = {
    type: 'error',
    code,
    message,
    ...(subscription === undefined
      ? {}
      : { channel: subscription.channel.slice(0, 32), productId: subscription.productId.slice(0, 40) }),
  };
  hub.send(client, JSON.stringify(body));
}

/** The snapshot message of a subscription, or undefined while the view has nothing for it yet. */
function snapshotOf(
  runtime: MarketDataRuntime,
  { channel, productId }: MarketSubscription,
): { message: string; atMs: number | undefined } | undefined {
  const data = snapshotData(runtime, channel, productId);
  if (data === undefined) {
    return undefined;
  }
  const atMs =
    channel === 'quotes' || channel === 'book'
      ? (data as { timeMs: number }).timeMs
      : channel === 'trades'
        ? (data as { trades: Array<{ timeMs: number }> }).trades.at(-1)?.timeMs
        : undefined;
  return { message: JSON.stringify({ type: 'snapshot', channel, productId, data }), atMs };
}

function snapshotData(runtime: MarketDataRuntime, channel: MarketChannel, productId: ProductId): unknown {
  const view = runtime.view;
  switch (channel) {
    case 'quotes':
      return view.quote(productId);
    case 'book':
      return view.book(productId);
    case 'trades':
      // Oldest first, as in updates.
      return { productId, trades: view.recentTrades(productId, TRADES_SNAPSHOT_MAX).reverse() };
    default: {
      const interval = channel.slice('candles:'.length) as CandleInterval;
      return view.candlesOf(productId, interval) ?? { productId, interval, candles: [] };
    }
  }
}

/** Turns a change of the view into the update of its channel, serialised once for every subscriber. */
function publishChange(hub: WebSocketHub, change: MarketViewChange): void {
  let channel: MarketChannel;
  let productId: string;
  let data: unknown;
  // The rate bound is kept on the data's own times (the tick a quote or book belongs to, a trade's time), so a
  // product ticking every 100 ms reaches its clients every 100 ms however busy this process is; candles carry no
  // time of their own and are spaced on the wall clock.
  let atMs: number | undefined;
  switch (change.kind) {
    case 'quote':
      [channel, productId, data, atMs] = [
        'quotes',
        change.quote.productId,
        change.quote,
        change.quote.timeMs,
      ];
      break;
    case 'book':
      [channel, productId, data, atMs] = ['book', change.book.productId, change.book, change.book.timeMs];
      break;
    case 'trades':
      [channel, productId, data, atMs] = [
        'trades',
        change.trades.productId,
        change.trades,
        change.trades.trades.at(-1)?.timeMs,
      ];
      break;
    case 'candles':
      [channel, productId, data] = [
        `candles:${change.candles.interval}`,
        change.candles.productId,
        change.candles,
      ];
      break;
  }
  const key = keyOf(channel, productId);
  if (hub.hasSubscribers(key)) {
    hub.publish(key, JSON.stringify({ type: 'update', channel, productId, data }), atMs);
  }
}
