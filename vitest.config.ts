import { defineConfig } from 'vitest/config';

// Unit and service tests. Browser journeys live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    include: ['{packages,services,server,apps,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: false,
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI machine. The service
    // suites wait on PostgreSQL, timers and sockets much of the time, so three workers keep both cores busy.
    maxWorkers: 3,
  },
});
