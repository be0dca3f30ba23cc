/**
 * Lets the browser paint and handle input before going on, so that work split at these points runs as several
 * short tasks instead of one long task (Total Blocking Time, docs/benchmarks.md).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
