/**
 * A venue's sessions (from market-data-info's `tradingSessions`) as a sorted list with the lookups the simulator
 * needs: the session at an instant, the next and previous ones, and the trading minutes of a range.
 */
import type { TradingSession } from '@tessera/contracts';

export const MINUTE_MS = 60_000;

/** The sessions of one venue over a known range of time. */
export class SessionCalendar {
  readonly sessions: readonly TradingSession[];
  /** The span the sessions were asked for: outside it the calendar knows nothing. */
  readonly coversFromMs: number;
  readonly coversToMs: number;

  constructor(sessions: readonly TradingSession[], coversFromMs: number, coversToMs: number) {
    this.sessions = [...sessions].sort((a, b) => a.opensAtMs - b.opensAtMs);
    this.coversFromMs = coversFromMs;
    this.coversToMs = coversToMs;
  }

  /** The index of the last session opening at or before `timeMs`, or -1. */
  private lastOpenedIndex(timeMs: number): number {
    let low = 0;
    let high = this.sessions.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.sessions[middle]!.opensAtMs <= timeMs) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /** The session trading at `timeMs`, or null when the venue is closed. */
  sessionAt(timeMs: number): TradingSession | null {
    const session = this.sessions[this.lastOpenedIndex(timeMs)];
    return session !== undefined && timeMs < session.closesAtMs ? session : null;
  }

  /** The latest session that has opened by `timeMs` (the current one, or the last one if closed now). */
  latestSession(timeMs: number): TradingSession | null {
    return this.sessions[this.lastOpenedIndex(timeMs)] ?? null;
  }

  /** The session before the latest one at `timeMs`. */
  sessionBeforeLatest(timeMs: number): TradingSession | null {
    const index = this.lastOpenedIndex(timeMs);
    return index >= 1 ? this.sessions[index - 1]! : null;
  }

  /** The first session opening after `timeMs`. */
  nextSession(timeMs: number): TradingSession | null {
    return this.sessions[this.lastOpenedIndex(timeMs) + 1] ?? null;
  }

  /** The sessions whose date (as YYYY-MM-DD at 00:00 UTC) is in `[fromMs, toMs)`. */
  sessionsByDate(fromMs: number, toMs: number): TradingSession[] {
    return this.sessions.filter((session) => {
      const dateMs = Date.parse(`${session.date}T00:00:00Z`);
      return dateMs >= fromMs && dateMs < toMs;
    });
  }

  /**
   * Calls `visit` for every trading minute whose start is in `[fromMs, toMs)`, in order: `minute` is the minute
   * number since the epoch (`floor(t / 60000)`), `first` is true for a session's first minute.
   */
  forEachTradingMinute(
    fromMs: number,
    toMs: number,
    visit: (minute: number, first: boolean, session: TradingSession) => void,
  ): void {
    let index = Math.max(0, this.lastOpenedIndex(fromMs));
    for (; index < this.sessions.length; index += 1) {
      const session = this.sessions[index]!;
      if (session.opensAtMs >= toMs) {
        break;
      }
      const firstMinute = Math.ceil(session.opensAtMs / MINUTE_MS);
      const endMinute = Math.ceil(session.closesAtMs / MINUTE_MS);
      const from = Math.max(firstMinute, Math.ceil(fromMs / MINUTE_MS));
      const to = Math.min(endMinute, Math.ceil(toMs / MINUTE_MS));
      for (let minute = from; minute < to; minute += 1) {
        visit(minute, minute === firstMinute, session);
      }
    }
  }
}
