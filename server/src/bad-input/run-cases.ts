/**
 * Runs bad-input cases against the harness and collects what went wrong: a wrong answer (see `judge`), or a
 * change of the money state after a call that should have changed nothing.
 */
import type { BadInputCase } from './cases.ts';
import { type BadInputHarness, judge, sendCase } from './harness.ts';

/** One wrong answer. */
export interface BadInputFailure {
  readonly route: string;
  readonly label: string;
  readonly signedIn: boolean;
  readonly status: number;
  readonly problem: string;
}

/** What a run did. */
export interface RunResult {
  readonly sent: number;
  readonly failures: BadInputFailure[];
}

/** A running count so each request gets its own client address and idempotency key. */
let requestIndex = 0;

/** Sends `cases` one after another, checking the answer and the money state after each. */
export async function runCases(harness: BadInputHarness, cases: readonly BadInputCase[]): Promise<RunResult> {
  const failures: BadInputFailure[] = [];
  for (const badInput of cases) {
    const response = await sendCase(harness, badInput, requestIndex++);
    const report = (problem: string) =>
      failures.push({
        route: badInput.route.key,
        label: badInput.label,
        signedIn: badInput.signedIn,
        status: response.statusCode,
        problem,
      });
    const verdict = judge(harness, badInput, response);
    if (verdict !== null) {
      report(verdict);
    }
    const changed = await harness.moneyWatch.changedSinceLastCheck();
    if (changed.length > 0) {
      report(`changed the money state: ${changed.join(', ')}`);
    }
  }
  return { sent: cases.length, failures };
}

/**
 * One line per route and kind of problem (the first case that showed it and how many did), so a missing check
 * that every field shares reads as one failure, not fifty.
 */
export function summarise(failures: readonly BadInputFailure[]): string[] {
  const groups = new Map<string, { first: BadInputFailure; count: number }>();
  for (const failure of failures) {
    const problemKind = failure.problem.replace(/:.*$/s, '').replace(/\d{3}/, (status) => status);
    const key = `${failure.route} | ${problemKind}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
    } else {
      groups.set(key, { first: failure, count: 1 });
    }
  }
  return [...groups.entries()].map(
    ([key, { first, count }]) =>
      `${key} | e.g. ${first.label}${first.signedIn ? '' : ' (anonymous)'}: ${first.problem.slice(0, 160)} | ${count} case(s)`,
  );
}
