/**
 * Every venue's sessions over the span market data needs (a year and more of history, a month ahead), loaded from
 * market-data-info and extended as time passes. Shared by the simulator and the status routes.
 */
import type { ProductSource, TradingSession } from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { SessionCalendar } from './session-calendar.ts';

const DAY_MS = 86_400_000;
/** Sessions are loaded this far before the earliest time asked for (a year of history and some) and after now. */
export const CALENDAR_PAST_MS = 400 * DAY_MS;
const CALENDAR_FUTURE_MS = 30 * DAY_MS;
/** The calendars are extended once they cover less than this much of the future. */
const CALENDAR_REFRESH_MARGIN_MS = 7 * DAY_MS;
/** The longest range one sessions call covers (market-data-info allows three years). */
const SESSIONS_CHUNK_MS = 700 * DAY_MS;

/** Loads a venue's sessions (market-data-info's `tradingSessions`). */
export type SessionsLoader = (
  source: ProductSource,
  fromMs: number,
  toMs: number,
) => Promise<TradingSession[]>;

/** The calendars of a set of venues. */
export class CalendarStore {
  private readonly calendars = new Map<ProductSource, SessionCalendar>();
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly sources: readonly ProductSource[],
    private readonly loadSessions: SessionsLoader,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Loads every venue's sessions from `earliestMs - 400 days` to `nowMs + 30 days`. */
  async load(earliestMs: number, nowMs: number): Promise<void> {
    const fromMs = Math.min(earliestMs, nowMs) - CALENDAR_PAST_MS;
    const toMs = Math.max(earliestMs, nowMs) + CALENDAR_FUTURE_MS;
    const loaded = await Promise.all(
      this.sources.map(async (source) => {
        const sessions: TradingSession[] = [];
        for (let chunkMs = fromMs; chunkMs < toMs; chunkMs += SESSIONS_CHUNK_MS) {
          const chunk = await this.loadSessions(source, chunkMs, Math.min(toMs, chunkMs + SESSIONS_CHUNK_MS));
          // A session straddling a chunk boundary comes in both chunks: keep it once.
          const lastOpensAtMs = sessions.at(-1)?.opensAtMs ?? Number.NEGATIVE_INFINITY;
          sessions.push(...chunk.filter((session) => session.opensAtMs > lastOpensAtMs));
        }
        return [source, new SessionCalendar(sessions, fromMs, toMs)] as const;
      }),
    );
    for (const [source, calendar] of loaded) {
      this.calendars.set(source, calendar);
    }
  }

  /** The calendar of a venue; throws before {@link load}. */
  get(source: ProductSource): SessionCalendar {
    const calendar = this.calendars.get(source);
    invariant(calendar !== undefined, `no calendar loaded for ${source}`);
    return calendar;
  }

  /** Extends the calendars in the background when they cover less than a week ahead of `nowMs`. */
  refreshIfNeeded(nowMs: number): void {
    const some = this.calendars.values().next().value;
    if (
      this.refreshing !== null ||
      some === undefined ||
      some.coversToMs - nowMs > CALENDAR_REFRESH_MARGIN_MS
    ) {
      return;
    }
    this.refreshing = this.load(some.coversFromMs + CALENDAR_PAST_MS, nowMs)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.refreshing = null;
      });
  }

  /** Resolves when no refresh is running. */
  async settled(): Promise<void> {
    await this.refreshing;
  }
}
