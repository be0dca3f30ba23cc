/**
 * The benchmark harness. Each benchmark returns figures; the harness writes them to bench/results/<name>.json as
 * `{ name, date, machine: { cpus, node }, results: [{ case, metric, value, unit }] }` (ARCHITECTURE.md).
 * Benchmarks measure; they never gate a test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

/** One measured figure. */
export interface BenchResult {
  case: string;
  metric: string;
  value: number;
  unit: string;
}

/** A benchmark: a name and a function that measures and checks correctness after its run. */
export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<BenchResult[]>;
}

export const RESULTS_DIR = join(import.meta.dirname, '..', 'results');

/** Writes one benchmark's results file and returns its path. */
export function writeResults(name: string, results: BenchResult[]): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  const body = {
    name,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    results,
  };
  writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
  return path;
}
