/**
 * matching: the trading service's matching engine (services/trading, issue #5) against the npm package
 * nodejs-order-book, in one run, on the same seeded workload of 1,000,000 operations: 75% limit orders within
 * 100 ticks of the mid (about half of them cross), 10% market orders, 15% cancels of one of the 10,000 most
 * recent limit orders (some already filled: cancels of done orders are real traffic too). 1,000 accounts, with
 * self-trade prevention "cancel the resting order" on both engines (nodejs-order-book's EXPIRE_MAKER), so both do
 * the same work and must end with the same book.
 *
 * Method: both engines are warmed up on a separate 200,000-operation workload. Throughput: the whole stream timed
 * once (process.hrtime.bigint before and after), best of 3 fresh runs per engine; `ops_per_cpu_s` divides by the
 * process's CPU time instead (process.cpuUsage, GC threads included), which other work on the shared machine
 * does not inflate, and the 1-minute load average is recorded beside them. Latency: one more fresh run
 * per engine timing every operation on its own with process.hrtime.bigint (the reading costs about 0.1 µs and is
 * included in every figure; it is reported as `timer_overhead_us`). Requests are built inside the timed loop from
 * the pre-generated workload, the same way for both, as a service decoding messages would.
 *
 * Correctness after the runs: our book passes `checkInvariants` (not crossed, levels sorted, totals exact),
 * quantity is conserved (submitted = 2 x filled + cancelled + resting), and both engines end with the same depth.
 * Goals: >= 10x the peer's throughput, >= 1,000,000 ops/s, p99 < 20 µs (docs/benchmarks.md, "matching").
 */
import { loadavg } from 'node:os';
import { MatchingEngine, type MatchingEventSink } from '@tessera/service-trading';
import { OrderBook, SelfTradePreventionMode, Side as PeerSide } from 'nodejs-order-book';
import type { Benchmark, BenchResult } from '../harness.ts';

const OPERATIONS = 1_000_000;
const WARMUP_OPERATIONS = 200_000;
const THROUGHPUT_RUNS = 3;
const MID_TICKS = 10_000;
const WINDOW_TICKS = 100;
const QUANTITY_LOTS_MAX = 100;
const ACCOUNTS = 1_000;
const CANCEL_RECENT_ORDERS = 10_000;
// The 5% collar the pre-trade check puts on market orders; wider than the 100-tick window, so it never binds here.
const COLLAR_TICKS = MID_TICKS / 20;
const SEED = 0x7e55e7a;
const PEER = 'nodejs-order-book';

const KIND_LIMIT = 0;
const KIND_MARKET = 1;
const KIND_CANCEL = 2;

/** The workload as parallel arrays: one entry per operation. */
interface Workload {
  readonly size: number;
  readonly kinds: Uint8Array;
  /** The new order's id, or the cancelled order's id. */
  readonly orderIds: Uint32Array;
  readonly isBuy: Uint8Array;
  readonly priceTicks: Uint32Array;
  readonly quantityLots: Uint32Array;
  readonly accounts: Uint16Array;
  /** The sum of every new order's quantity: what conservation is checked against. */
  readonly submittedLots: number;
}

/** A small, fast, seeded generator (mulberry32), so every run and both engines see the same stream. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateWorkload(size: number, seed: number): Workload {
  const random = createRandom(seed);
  const workload = {
    size,
    kinds: new Uint8Array(size),
    orderIds: new Uint32Array(size),
    isBuy: new Uint8Array(size),
    priceTicks: new Uint32Array(size),
    quantityLots: new Uint32Array(size),
    accounts: new Uint16Array(size),
    submittedLots: 0,
  };
  const recentLimitIds = new Uint32Array(CANCEL_RECENT_ORDERS);
  let recentCount = 0;
  let nextOrderId = 1;
  for (let index = 0; index < size; index += 1) {
    const draw = random();
    const kind = draw < 0.75 || recentCount === 0 ? KIND_LIMIT : draw < 0.85 ? KIND_MARKET : KIND_CANCEL;
    workload.kinds[index] = kind;
    if (kind === KIND_CANCEL) {
      workload.orderIds[index] =
        recentLimitIds[Math.floor(random() * Math.min(recentCount, CANCEL_RECENT_ORDERS))] ?? 0;
      continue;
    }
    const orderId = nextOrderId++;
    const isBuy = random() < 0.5;
    const quantityLots = 1 + Math.floor(random() * QUANTITY_LOTS_MAX);
    workload.orderIds[index] = orderId;
    workload.isBuy[index] = isBuy ? 1 : 0;
    workload.quantityLots[index] = quantityLots;
    workload.accounts[index] = Math.floor(random() * ACCOUNTS);
    workload.submittedLots += quantityLots;
    if (kind === KIND_LIMIT) {
      workload.priceTicks[index] = MID_TICKS - WINDOW_TICKS + Math.floor(random() * (2 * WINDOW_TICKS + 1));
      recentLimitIds[recentCount % CANCEL_RECENT_ORDERS] = orderId;
      recentCount += 1;
    } else {
      workload.priceTicks[index] = isBuy ? MID_TICKS + COLLAR_TICKS : MID_TICKS - COLLAR_TICKS;
    }
  }
  return workload;
}

/** Counts what the engine reports: the least a real consumer of the events would do. */
class CountingSink implements MatchingEventSink {
  accepted_ = 0;
  rejected_ = 0;
  fills = 0;
  filledLots = 0;
  cancelledLots = 0;
  accepted(): void {
    this.accepted_ += 1;
  }
  rejected(): void {
    this.rejected_ += 1;
  }
  fill(_maker: number, _taker: number, _priceTicks: number, quantityLots: number): void {
    this.fills += 1;
    this.filledLots += quantityLots;
  }
  cancelled(_orderId: number, quantityLots: number): void {
    this.cancelledLots += quantityLots;
  }
  replaced(): void {}
  done(): void {}
}

/** One engine under test: applies operation `index` of a workload. */
interface Subject {
  apply(index: number): void;
}

const ACCOUNT_IDS = Array.from({ length: ACCOUNTS }, (_, index) => `account-${index}`);

function tesseraSubject(
  workload: Workload,
  sink: CountingSink,
): { subject: Subject; engine: MatchingEngine } {
  const engine = new MatchingEngine(sink, {
    ordersMax: 1_000_000,
    priceTicksMax: 2 ** 30 - 1,
    quantityLotsMax: 1_000_000,
  });
  const { kinds, orderIds, isBuy, priceTicks, quantityLots, accounts } = workload;
  const subject: Subject = {
    apply(index) {
      const kind = kinds[index];
      if (kind === KIND_CANCEL) {
        engine.cancel(orderIds[index] as number);
      } else if (kind === KIND_LIMIT) {
        engine.submit({
          type: 'limit',
          orderId: orderIds[index] as number,
          accountId: ACCOUNT_IDS[accounts[index] as number] as string,
          side: isBuy[index] === 1 ? 'buy' : 'sell',
          priceTicks: priceTicks[index] as number,
          quantityLots: quantityLots[index] as number,
          timeInForce: 'gtc',
        });
      } else {
        engine.submit({
          type: 'market',
          orderId: orderIds[index] as number,
          accountId: ACCOUNT_IDS[accounts[index] as number] as string,
          side: isBuy[index] === 1 ? 'buy' : 'sell',
          quantityLots: quantityLots[index] as number,
          protectionPriceTicks: priceTicks[index] as number,
        });
      }
    },
  };
  return { subject, engine };
}

function peerSubject(
  workload: Workload,
  idStrings: readonly string[],
): { subject: Subject; book: OrderBook } {
  const book = new OrderBook();
  const { kinds, orderIds, isBuy, priceTicks, quantityLots, accounts } = workload;
  const subject: Subject = {
    apply(index) {
      const kind = kinds[index];
      const id = idStrings[orderIds[index] as number] as string;
      if (kind === KIND_CANCEL) {
        book.cancel(id);
      } else if (kind === KIND_LIMIT) {
        book.limit({
          id,
          side: isBuy[index] === 1 ? PeerSide.BUY : PeerSide.SELL,
          price: priceTicks[index] as number,
          size: quantityLots[index] as number,
          accountId: ACCOUNT_IDS[accounts[index] as number] as string,
          stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
        });
      } else {
        book.market({
          side: isBuy[index] === 1 ? PeerSide.BUY : PeerSide.SELL,
          size: quantityLots[index] as number,
          accountId: ACCOUNT_IDS[accounts[index] as number] as string,
          stpMode: SelfTradePreventionMode.EXPIRE_MAKER,
        });
      }
    },
  };
  return { subject, book };
}

/** Wall-clock and CPU time (user + system, all threads: GC included) of the whole stream. */
function timeWholeRun(subject: Subject, size: number): { wallNs: number; cpuUs: number } {
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let index = 0; index < size; index += 1) {
    subject.apply(index);
  }
  const wallNs = Number(process.hrtime.bigint() - start);
  const cpu = process.cpuUsage(cpuBefore);
  return { wallNs, cpuUs: cpu.user + cpu.system };
}

function timeEachOperation(subject: Subject, size: number): Float64Array {
  const durationsNs = new Float64Array(size);
  for (let index = 0; index < size; index += 1) {
    const start = process.hrtime.bigint();
    subject.apply(index);
    durationsNs[index] = Number(process.hrtime.bigint() - start);
  }
  return durationsNs;
}

function percentileUs(sortedNs: Float64Array, fraction: number): number {
  const index = Math.min(sortedNs.length - 1, Math.ceil(fraction * sortedNs.length) - 1);
  return round3((sortedNs[index] as number) / 1000);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function timerOverheadUs(): number {
  const samples = new Float64Array(100_000);
  for (let index = 0; index < samples.length; index += 1) {
    const start = process.hrtime.bigint();
    samples[index] = Number(process.hrtime.bigint() - start);
  }
  samples.sort();
  return percentileUs(samples, 0.5);
}

interface Run<State> {
  readonly subject: Subject;
  readonly state: State;
}

interface Measured<State> {
  readonly opsPerS: number;
  /** Operations per second of CPU time: what the engine does when it has a core to itself. */
  readonly opsPerCpuS: number;
  readonly sortedNs: Float64Array;
  /** The state after the per-operation run, for the correctness checks. */
  readonly state: State;
}

function measure<State>(create: () => Run<State>, size: number): Measured<State> {
  let bestWallNs = Number.POSITIVE_INFINITY;
  let bestCpuUs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < THROUGHPUT_RUNS; run += 1) {
    const { wallNs, cpuUs } = timeWholeRun(create().subject, size);
    bestWallNs = Math.min(bestWallNs, wallNs);
    bestCpuUs = Math.min(bestCpuUs, cpuUs);
  }
  const { subject, state } = create();
  const sortedNs = timeEachOperation(subject, size).sort();
  return {
    opsPerS: Math.round((size * 1e9) / bestWallNs),
    opsPerCpuS: Math.round((size * 1e6) / bestCpuUs),
    sortedNs,
    state,
  };
}

type Depth = Array<[number, number]>;

/** Fails the benchmark when a book is crossed, quantity is lost, or the two engines disagree. */
function verify(
  workload: Workload,
  tessera: { engine: MatchingEngine; sink: CountingSink },
  peer: OrderBook,
): { fills: number; restingOrders: number } {
  const { engine, sink } = tessera;
  engine.checkInvariants();
  const ours: [Depth, Depth] = [toDepth(engine, 'sell'), toDepth(engine, 'buy')];
  const restingLots = [...ours[0], ...ours[1]].reduce((sum, [, lots]) => sum + lots, 0);
  const conserved = 2 * sink.filledLots + sink.cancelledLots + restingLots;
  if (conserved !== workload.submittedLots) {
    throw new Error(
      `quantity not conserved: ${conserved} accounted for, ${workload.submittedLots} submitted`,
    );
  }
  const [peerAsks, peerBids] = peer.depth();
  const bestBid = peerBids[0]?.[0];
  const bestAsk = peerAsks[0]?.[0];
  if (bestBid !== undefined && bestAsk !== undefined && bestBid >= bestAsk) {
    throw new Error(`${PEER}'s book is crossed: bid ${bestBid} >= ask ${bestAsk}`);
  }
  if (JSON.stringify([peerAsks, peerBids]) !== JSON.stringify(ours)) {
    throw new Error(`the engines ended with different books`);
  }
  return { fills: sink.fills, restingOrders: engine.restingOrderCount() };
}

function toDepth(engine: MatchingEngine, side: 'buy' | 'sell'): Depth {
  return engine.depth(side, Number.MAX_SAFE_INTEGER).map((level) => [level.priceTicks, level.quantityLots]);
}

function figures(name: string, measured: Measured<unknown>): BenchResult[] {
  const { sortedNs } = measured;
  return [
    { case: name, metric: 'ops_per_s', value: measured.opsPerS, unit: 'ops/s' },
    { case: name, metric: 'ops_per_cpu_s', value: measured.opsPerCpuS, unit: 'ops/s' },
    { case: name, metric: 'p50_us', value: percentileUs(sortedNs, 0.5), unit: 'µs' },
    { case: name, metric: 'p99_us', value: percentileUs(sortedNs, 0.99), unit: 'µs' },
    { case: name, metric: 'p99_9_us', value: percentileUs(sortedNs, 0.999), unit: 'µs' },
    { case: name, metric: 'max_us', value: percentileUs(sortedNs, 1), unit: 'µs' },
  ];
}

async function run(): Promise<BenchResult[]> {
  const workload = generateWorkload(OPERATIONS, SEED);
  const warmup = generateWorkload(WARMUP_OPERATIONS, SEED + 1);
  const idStrings = Array.from({ length: Math.max(OPERATIONS, WARMUP_OPERATIONS) + 1 }, (_, id) =>
    String(id),
  );
  const createTessera = (load: Workload) => () => {
    const sink = new CountingSink();
    const { subject, engine } = tesseraSubject(load, sink);
    return { subject, state: { engine, sink } };
  };
  const createPeer = (load: Workload) => () => {
    const { subject, book } = peerSubject(load, idStrings);
    return { subject, state: book };
  };
  timeWholeRun(createTessera(warmup)().subject, warmup.size);
  timeWholeRun(createPeer(warmup)().subject, warmup.size);

  const tessera = measure(createTessera(workload), workload.size);
  const peer = measure(createPeer(workload), workload.size);
  const { fills, restingOrders } = verify(workload, tessera.state, peer.state);
  return [
    ...figures('tessera', tessera),
    ...figures(PEER, peer),
    {
      case: 'tessera',
      metric: `ratio_vs_${PEER}`,
      value: Math.round((tessera.opsPerS / peer.opsPerS) * 10) / 10,
      unit: 'x',
    },
    { case: 'workload', metric: 'operations', value: workload.size, unit: 'ops' },
    { case: 'workload', metric: 'fills', value: fills, unit: 'fills' },
    { case: 'workload', metric: 'resting_orders_at_end', value: restingOrders, unit: 'orders' },
    { case: 'workload', metric: 'timer_overhead_us', value: timerOverheadUs(), unit: 'µs' },
    // The machine is shared: the load during the run says how far wall-clock figures can be trusted.
    {
      case: 'machine',
      metric: 'load_average_1m',
      value: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      unit: 'runnable',
    },
  ];
}

export const matchingBenchmark: Benchmark = {
  name: 'matching',
  description: `matching engine vs ${PEER}: ${OPERATIONS.toLocaleString('en')} seeded operations (75% limit, 10% market, 15% cancel)`,
  run,
};
