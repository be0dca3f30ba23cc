/**
 * What the time-series service runs, once per process: the candle store (stored, waiting and forming candles), the
 * backfill at start and the writer of live candles (in the writer process), over market data's client and events.
 */
import {
  type InstrumentInfo,
  LEDGER_CLIENT,
  MARKET_DATA_CLIENT,
  MARKET_DATA_INFO_CLIENT,
  type MarketDataApi,
  type MarketDataEvents,
  type SourceInfo,
  USER_MANAGEMENT_CLIENT,
} from '@tessera/contracts';
import type { EventBus, ServiceContext } from '@tessera/platform';
import { type BackfillProgress, runBackfill } from './backfill.ts';
import { CandleStore } from './candle-store.ts';
import { type PortfolioSnapshotJobs, startPortfolioSnapshots } from '../portfolio/portfolio-snapshots.ts';
import { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { TimeSeriesSettings } from '../../settings.ts';
import type { TimeSeriesDatabase } from '../../tables.ts';

const MINUTE_MS = 60_000;
/** How often completed live candles are written. */
const WRITE_INTERVAL_MS = 1_000;

/** How the runtime is built besides the settings. */
export interface TimeSeriesRuntimeOptions {
  readonly settings: TimeSeriesSettings;
  readonly now?: () => number;
  /** False in tests: no timer writes live candles (call `flush`). */
  readonly autoTimers?: boolean;
}

/** The time-series service's moving parts. */
export class TimeSeriesRuntime {
  readonly store: CandleStore;
  readonly progress: BackfillProgress = {
    state: 'pending',
    instrumentsDone: 0,
    instrumentsTotal: 0,
    candlesWritten: 0,
    startedAtMs: null,
    finishedAtMs: null,
  };
  private readonly now: () => number;
  private catalog: { instruments: InstrumentInfo[]; sources: SourceInfo[] } | null = null;
  private backfilling: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Null when this process has no ledger or user-management client (a candles-only deployment or test). */
  portfolio: PortfolioService | null = null;
  /** The worker of the snapshot job (writer only); tests drain it. */
  jobs: PortfolioSnapshotJobs | null = null;

  constructor(
    private readonly context: ServiceContext,
    private readonly options: TimeSeriesRuntimeOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.store = new CandleStore(context.db as TimeSeriesDatabase, context.log, options.settings.writer);
  }

  /** Loads the catalog, starts listening, and (writer) starts the backfill in the background. */
  async start(): Promise<void> {
    const clients = this.context.clients;
    if (clients === undefined) {
      throw new Error('time series needs the market-data-info and market-data clients');
    }
    const info = clients.get(MARKET_DATA_INFO_CLIENT);
    const marketData = clients.get(MARKET_DATA_CLIENT);
    const [instruments, sources] = await Promise.all([info.listInstruments(), info.listSources()]);
    this.catalog = { instruments, sources };
    await marketData.ready();
    await this.store.start(
      instruments,
      this.context.events as unknown as EventBus<MarketDataEvents>,
      marketData,
    );
    this.portfolio = this.createPortfolio(marketData);
    if (!this.options.settings.writer) {
      this.progress.state = 'disabled';
      return;
    }
    if (this.portfolio !== null) {
      await this.startSnapshots(this.portfolio);
    }
    const startMs = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    this.backfilling = Promise.resolve()
      .then(() =>
        runBackfill(
          {
            db: this.context.db as TimeSeriesDatabase,
            store: this.store,
            marketData,
            instruments,
            sources,
            log: this.context.log,
            startMs,
          },
          this.progress,
        ),
      )
      .catch(() => {
        // Logged by the backfill; the service keeps serving what it has.
      });
    if (this.options.autoTimers ?? true) {
      this.timer = setInterval(() => void this.store.flush(), WRITE_INTERVAL_MS);
      this.timer.unref?.();
    }
  }

  /** Resolves when the backfill has finished (or failed). */
  backfillDone(): Promise<void> {
    return this.backfilling;
  }

  /** Writes waiting live candles now (tests; the timer does it otherwise). */
  flush(): Promise<void> {
    return this.store.flush();
  }

  private createPortfolio(marketData: MarketDataApi): PortfolioService | null {
    const clients = this.context.clients!;
    const ledger = clients.find(LEDGER_CLIENT);
    const customers = clients.find(USER_MANAGEMENT_CLIENT);
    if (ledger === undefined || customers === undefined) {
      // The ledger or user management is not mounted here: candles only.
      return null;
    }
    return new PortfolioService(
      this.context.db as TimeSeriesDatabase,
      this.store,
      { ledger, customers, marketData, instruments: () => this.catalog?.instruments ?? [] },
      this.now,
    );
  }

  /** The recurring snapshot (portfolio-snapshots.ts), in the writer process only. */
  private async startSnapshots(portfolio: PortfolioService): Promise<void> {
    this.jobs = await startPortfolioSnapshots({
      db: this.context.db,
      log: this.context.log,
      now: this.now,
      portfolio,
      autoStart: this.options.autoTimers ?? true,
    });
  }

  async stop(): Promise<void> {
    if (this.timer !== null) {
      clearInterval(this.timer);
    }
    if (this.jobs !== null && (this.options.autoTimers ?? true)) {
      await this.jobs.worker.stop();
    }
    await this.backfilling;
    await this.store.flush();
    await this.store.stop();
  }

  instrument(productId: string): InstrumentInfo | undefined {
    return this.catalog?.instruments.find((instrument) => instrument.id === productId);
  }

  clock(): number {
    return this.now();
  }
}
