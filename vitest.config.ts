import { defineConfig } from 'vitest/config';

// Unit and service tests. Browser journeys live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    include: ['{packages,services,server,apps,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: false,
  },
});
