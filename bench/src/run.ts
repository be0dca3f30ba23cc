// `npm run bench` runs every benchmark; `npm run bench -- bundle` runs the named ones.
import { writeResults, type Benchmark } from './harness.ts';
import { bundleBenchmark } from './benchmarks/bundle.ts';
import { ledgerBenchmark } from './benchmarks/ledger.ts';
import { lighthouseBenchmark } from './benchmarks/lighthouse.ts';
import { identityBenchmark } from './benchmarks/identity.ts';
import { matchingBenchmark } from './benchmarks/matching.ts';
import { marketdataFanoutBenchmark } from './benchmarks/marketdata-fanout.ts';
import { trackerBenchmark } from './benchmarks/tracker.ts';

const BENCHMARKS: Benchmark[] = [
  bundleBenchmark,
  ledgerBenchmark,
  identityBenchmark,
  matchingBenchmark,
  marketdataFanoutBenchmark,
  lighthouseBenchmark,
  trackerBenchmark,
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
let failed = false;
for (const benchmark of BENCHMARKS.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  console.log(`bench ${benchmark.name}: ${benchmark.description}`);
  try {
    const results = await benchmark.run();
    for (const result of results) {
      console.log(`  ${result.case.padEnd(48)} ${result.metric.padEnd(18)} ${result.value} ${result.unit}`);
    }
    console.log(`  wrote ${writeResults(benchmark.name, results)}`);
  } catch (error) {
    failed = true;
    console.error(`  ${benchmark.name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
