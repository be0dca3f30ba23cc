/**
 * marketdata-fanout: the market-data websocket under 5,000 subscribers on loopback, 5 channels each (quotes and
 * books of three products, all updated at every 100 ms tick: 10 updates per second per channel), 10% of the
 * clients deliberately slow (they stop reading once subscribed).
 *
 * The market-data service runs in this process on embedded PGlite with the real catalog and the simulator at a
 * 100 ms tick; its clock is shifted to a Wednesday afternoon so that every venue trades whatever the wall time (the
 * messages' `timeMs` are on that clock and the clients apply the same shift). The clients run in a child process
 * with worker threads (marketdata-fanout-clients.mjs), so this process's event loop serves only the server.
 *
 * Figures over the measured window: delivered messages per second to the fast clients, tick-to-client latency
 * (p50, p99, p99.9: from the simulator's tick to the client's receipt), the server's RSS and heap before the
 * clients, when all are subscribed, at their peak and at the end, and what became of the slow clients (lagging,
 * dropped with 4008). Checks after the run: every fast client got updates on all its channels, none was dropped,
 * and none got more than 10 updates a second on a channel. Goals: p99 < 50 ms; memory bounded while slow clients lag.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MARKET_DATA_CLIENT, type ProductId } from '@tessera/contracts';
import {
  buildServiceApp,
  inMemoryDataDir,
  loadConfig,
  openPglite,
  refuseEveryToken,
  type WebSocketHub,
} from '@tessera/platform';
import { createMarketDataService, type MarketDataRuntime } from '@tessera/service-market-data';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import type { Benchmark, BenchResult } from '../harness.ts';

/**
 * The cases: the goal's 5,000 clients, and 1,000 clients measured longer, so that on a machine that cannot carry
 * 5,000 the figures still show the path's latency and the slow clients being held and then dropped.
 * BENCH_FANOUT_CLIENTS and BENCH_FANOUT_SECONDS run one case of one's own instead.
 */
interface Case {
  readonly clients: number;
  readonly seconds: number;
  /**
   * Slow clients subscribe to every product's quotes and book (100 channels) instead of 5: loopback's kernel
   * buffers absorb megabytes per connection, so with 5 channels a non-reading client takes minutes to reach the
   * server's own buffer; this floods it in seconds, to show the hold-then-drop path and the memory it keeps.
   */
  readonly floodingSlowClients?: boolean;
}

const CASES: readonly Case[] = process.env['BENCH_FANOUT_CLIENTS']
  ? [
      {
        clients: Number(process.env['BENCH_FANOUT_CLIENTS']),
        seconds: Number(process.env['BENCH_FANOUT_SECONDS'] ?? 45),
      },
    ]
  : [
      { clients: 5_000, seconds: 45 },
      { clients: 1_000, seconds: 45 },
      { clients: 1_000, seconds: 60, floodingSlowClients: true },
    ];
const SLOW_SHARE = Number(process.env['BENCH_FANOUT_SLOW_SHARE'] ?? 0.1);
const CHANNELS_PER_CLIENT = 5;
const TICK_MS = 100;
/** A Wednesday afternoon in UTC: New York, Europe and London all trading. */
const MARKET_TIME_MS = Date.parse('2026-03-18T15:00:00Z');

interface ClientResult {
  clientCpuPercent: number;
  received: number;
  samples: number;
  windowMs: number;
  fastClients: number;
  slowClients: number;
  fastClosed: number;
  slowClosed: number;
  channelCountMax: number;
  silentChannels: number;
  closeCodes: Record<string, number>;
  histogram: number[];
}

interface MemorySample {
  atMs: number;
  rssMb: number;
  heapMb: number;
  lagging: number;
  dropped: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function percentile(histogram: readonly number[], total: number, p: number): number {
  const target = Math.ceil(total * p);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms]!;
    if (seen >= target) {
      return ms;
    }
  }
  return histogram.length - 1;
}

async function startServer(clients: number) {
  const offsetMs = MARKET_TIME_MS - Date.now();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: inMemoryDataDir });
  const database = await openPglite(inMemoryDataDir);
  let hub: WebSocketHub | undefined;
  // Through the composition root, as the service runs alone; only market data's routes are served.
  const built = await buildServiceApp({
    services: [
      marketDataInfoService,
      createMarketDataService({
        settings: { feed: 'simulator', seed: 'tessera', tickMs: TICK_MS, connectionsMax: clients + 100 },
        now: () => Date.now() + offsetMs,
        onHub: (created) => {
          hub = created;
        },
      }),
    ],
    mount: ['market-data'],
    config,
    database,
    auth: refuseEveryToken,
    closeDatabase: true,
  });
  const market = {
    app: built.app,
    runtime: built.composed.clients.get(MARKET_DATA_CLIENT) as MarketDataRuntime,
  };
  await market.app.listen({ port: 0, host: '127.0.0.1' });
  const address = market.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { market, hub: hub!, offsetMs, url: `ws://127.0.0.1:${port}/api/market-data/ws` };
}

/** Client i's five channels: quotes and book of two products, and quotes of a third, spread over the catalog. */
function subscriptionsOf(products: readonly ProductId[]) {
  return products.map((product, index) => {
    const second = products[(index + 31) % products.length]!;
    const third = products[(index + 57) % products.length]!;
    return [
      { channel: 'quotes', productId: product },
      { channel: 'book', productId: product },
      { channel: 'quotes', productId: second },
      { channel: 'book', productId: second },
      { channel: 'quotes', productId: third },
    ].slice(0, CHANNELS_PER_CLIENT);
  });
}

async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const each of CASES) {
    results.push(...(await runCase(each)));
  }
  return results;
}

async function runCase({ clients, seconds, floodingSlowClients = false }: Case): Promise<BenchResult[]> {
  const measureMs = seconds * 1000;
  console.log(
    `  case: ${clients} clients, ${seconds} s${floodingSlowClients ? ', flooding slow clients' : ''}`,
  );
  const server = await startServer(clients);
  const { market, hub } = server;
  const memory: MemorySample[] = [];
  const sample = () => {
    const usage = process.memoryUsage();
    const stats = hub.stats();
    memory.push({
      atMs: Date.now(),
      rssMb: mb(usage.rss),
      heapMb: mb(usage.heapUsed),
      lagging: stats.laggingClients,
      dropped: stats.slowConsumersDropped,
    });
  };
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  sample();
  const before = memory[0]!;
  const products = market.runtime.instruments().map((instrument) => instrument.id);
  const input = {
    url: server.url,
    clients,
    slowShare: SLOW_SHARE,
    workers: 2,
    subscriptions: subscriptionsOf(products),
    slowSubscriptions: floodingSlowClients
      ? products.slice(0, 50).flatMap((productId) => [
          { channel: 'quotes', productId },
          { channel: 'book', productId },
        ])
      : undefined,
    clockOffsetMs: server.offsetMs,
    durationMs: measureMs,
  };
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'marketdata-fanout-clients.mjs'), JSON.stringify(input)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  let subscribed: MemorySample | undefined;
  let windowStart = 0;
  let sampler: ReturnType<typeof setInterval> | undefined;
  let cpuAtStart = process.cpuUsage();
  let result: ClientResult | undefined;
  // How late the server's timers and I/O callbacks run: on a machine shared with other work this, not the code,
  // is most of the latency.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  for await (const line of lines) {
    const message = JSON.parse(line) as { type: string; connected?: number } & ClientResult;
    if (message.type === 'ready') {
      sample();
      subscribed = memory.at(-1);
      windowStart = Date.now();
      cpuAtStart = process.cpuUsage();
      loopDelay.enable();
      sampler = setInterval(sample, 1_000);
      console.log(`  ${message.connected} clients subscribed; measuring ${measureMs / 1000} s`);
    } else if (message.type === 'done') {
      result = message;
      break;
    }
  }
  clearInterval(sampler);
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuAtStart);
  const windowMs = Date.now() - windowStart;
  sample();
  const after = memory.at(-1)!;
  const stats = hub.stats();
  await market.app.close();
  if (result === undefined || subscribed === undefined) {
    throw new Error('the clients did not report');
  }
  const during = memory.filter((entry) => entry.atMs >= windowStart);
  const peakRss = Math.max(...during.map((entry) => entry.rssMb));
  const peakHeap = Math.max(...during.map((entry) => entry.heapMb));
  const windowSeconds = result.windowMs / 1000;
  const perChannelPerSecond = result.received / (result.fastClients * CHANNELS_PER_CLIENT) / windowSeconds;
  console.log(
    `  memory (MB rss/heap, lagging, dropped) every 5 s: ${during
      .filter((_, index) => index % 5 === 0)
      .map((entry) => `${entry.rssMb}/${entry.heapMb} ${entry.lagging} ${entry.dropped}`)
      .join(' | ')}`,
  );
  // Correctness after the run.
  if (result.fastClosed > 0) {
    throw new Error(`${result.fastClosed} fast clients were disconnected`);
  }
  if (result.silentChannels > 0) {
    throw new Error(`${result.silentChannels} channels of fast clients got no update`);
  }
  if (result.channelCountMax > Math.ceil(windowSeconds * 10) + 2) {
    throw new Error(
      `a channel got ${result.channelCountMax} updates in ${windowSeconds} s: more than 10 a second`,
    );
  }
  const caseName = `${clients} clients x ${CHANNELS_PER_CLIENT} channels, ${SLOW_SHARE * 100}% slow${floodingSlowClients ? ' on 100 channels' : ''}, ${TICK_MS} ms ticks`;
  const figure = (metric: string, value: number, unit: string): BenchResult => ({
    case: caseName,
    metric,
    value,
    unit,
  });
  return [
    figure('delivered_msgs_per_s', Math.round(result.received / windowSeconds), 'msg/s'),
    figure('updates_per_s_per_channel', Math.round(perChannelPerSecond * 100) / 100, 'msg/s'),
    figure('p50_ms', percentile(result.histogram, result.samples, 0.5), 'ms'),
    figure('p99_ms', percentile(result.histogram, result.samples, 0.99), 'ms'),
    figure('p99.9_ms', percentile(result.histogram, result.samples, 0.999), 'ms'),
    figure('rss_mb_before_clients', before.rssMb, 'MB'),
    figure('rss_mb_subscribed', subscribed.rssMb, 'MB'),
    figure('rss_mb_peak', peakRss, 'MB'),
    figure('rss_mb_after', after.rssMb, 'MB'),
    figure('heap_mb_before_clients', before.heapMb, 'MB'),
    figure('heap_mb_subscribed', subscribed.heapMb, 'MB'),
    figure('heap_mb_peak', peakHeap, 'MB'),
    figure('heap_mb_after', after.heapMb, 'MB'),
    figure('slow_clients', result.slowClients, 'clients'),
    figure('slow_clients_lagging_peak', Math.max(...during.map((entry) => entry.lagging)), 'clients'),
    figure('slow_clients_dropped', stats.slowConsumersDropped, 'clients'),
    figure('messages_conflated', stats.messagesConflated, 'msg'),
    figure('event_loop_delay_p50_ms', Math.round(loopDelay.percentile(50) / 1e5) / 10, 'ms'),
    figure('event_loop_delay_p99_ms', Math.round(loopDelay.percentile(99) / 1e5) / 10, 'ms'),
    figure('server_cpu_percent', Math.round(((cpu.user + cpu.system) / 1000 / windowMs) * 100), '%'),
    figure('clients_cpu_percent', result.clientCpuPercent, '%'),
    figure('load_average_1m', Math.round(loadavg()[0]! * 10) / 10, 'load'),
  ];
}

export const marketdataFanoutBenchmark: Benchmark = {
  name: 'marketdata-fanout',
  description: `5,000 (and 1,000) websocket subscribers, ${CHANNELS_PER_CLIENT} channels each at 10 updates/s, 10% slow: throughput, tick-to-client latency, server memory`,
  run,
};
