import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser journeys: one server on a random port with a fresh database, driven through Debian's chromium.
// The port and data folder are chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The hosted login is served over TLS (Amplify forces https for its domain): a second, self-signed listener.
process.env.E2E_TLS_PORT ??= String(port + 20_000);
// A second server whose access tokens live 20 seconds and whose rotated refresh tokens have no reuse grace, for the
// journeys where tabs outlive their token (token-refresh.spec.ts), whose 3-D Secure challenges expire after 5
// seconds (wallets-deposit-outcomes.spec.ts), and whose market's clock is on a Saturday (the closed-market journey
// of trading.spec.ts): the main one keeps the real 15 minutes of both and the real time.
process.env.E2E_SHORT_TOKEN_PORT ??= String(port + 1);
process.env.E2E_SHORT_TOKEN_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-short-token-'));
const shortTokenURL = `http://127.0.0.1:${process.env.E2E_SHORT_TOKEN_PORT}`;
// The journeys' own way to give a fresh customer a KYC level without a review (wallets-support.ts): a token only
// these test servers know (KYC_TEST_OPERATOR_TOKEN, docs/operations.md); demo and production configurations never set
// it, so no customer can raise their own level there.
process.env.E2E_KYC_OPERATOR_TOKEN ??= randomBytes(24).toString('hex');

/**
 * The journeys run the server as production does: the compiled bundle (scripts/build-server.mjs) with plain node.
 * `npm run test:e2e` builds it first; the --if-stale build here covers a direct `playwright test` after a change
 * (Playwright starts the web servers one after the other, so the second finds the bundle built).
 */
const serverCommand =
  'node ../scripts/build-server.mjs --if-stale && node --enable-source-maps ../server/dist/main.js';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  // Three on a two-core machine: many journeys wait on the product's own clocks (30-second expiries, the tracker's
  // 10-second flush, a 20-second token) more than they use a core. The whole run took 18 min with three, 25 to 29
  // with two.
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // `setup` signs the demo customer in once, through the real sign-in page, and saves what the web app stored: the
  // template of the cookies. Each journey needing a signed-in customer gets a session of its own laid out in it
  // (support.ts, demoSession), never the saved one: a shared session is revoked for all once one rotates it.
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'journeys', dependencies: ['setup'] },
  ],
  use: {
    baseURL,
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: serverCommand,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // No PUBLIC_URL, as under npm start: /config.json gives same-origin paths (never the request's Host), which
        // the web app resolves against its own origin. The short-token server below sets one.
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // The journeys drive the demo: its seeded customer, the dev mailbox and the money simulators (loopback only).
        TESSERA_MODE: 'demo',
        // Hosted login (identity journeys): the TLS listener with a generated certificate, the web app's OAuth
        // domain pointing at it, and this origin allowed as the redirect back.
        TLS_PORT: process.env.E2E_TLS_PORT,
        IDENTITY_OAUTH_DOMAIN: `localhost:${process.env.E2E_TLS_PORT}`,
        IDENTITY_OAUTH_REDIRECT_URIS: `${baseURL}/`,
        // Journeys are many people: each identity journey sends its own X-Forwarded-For (identity-support.ts,
        // visitFrom), so the per-address limits on sign-ups and codes apply per journey, as behind a load balancer.
        TRUST_PROXY: 'true',
        // A build other than apps/web/dist (parallel runs build into their own folder).
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? '',
        KYC_TEST_OPERATOR_TOKEN: process.env.E2E_KYC_OPERATOR_TOKEN,
      },
    },
    {
      command: serverCommand,
      url: `${shortTokenURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: process.env.E2E_SHORT_TOKEN_PORT,
        HOST: '127.0.0.1',
        PUBLIC_URL: shortTokenURL,
        DATA_DIR: process.env.E2E_SHORT_TOKEN_DATA_DIR,
        LOG_LEVEL: 'warn',
        TESSERA_MODE: 'demo',
        IDENTITY_ACCESS_TOKEN_TTL_S: '20',
        // No grace for a rotated refresh token (a managed Cognito pool may have none): the web app's tabs must
        // never present a token another tab has just rotated.
        IDENTITY_REFRESH_REUSE_GRACE_S: '0',
        // Its market moves once a second: nothing here watches prices, and the two cores are shared.
        MARKET_DATA_TICK_MS: '1000',
        // The market's test clock starts on a Saturday (ADR 0014): every stock venue is closed for market data and
        // for trading's pre-trade checks whatever the real time, so the closed-market journey never skips.
        MARKET_DATA_CLOCK_START: '2026-11-28T12:00:00Z',
        // A 3-D Secure challenge left unanswered expires after 5 seconds instead of 15 minutes, so a journey sees an
        // abandoned card deposit end (wallets-deposit-outcomes.spec.ts); the main server keeps the real window.
        CASH_CARD_CHALLENGE_TIMEOUT_S: '5',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? '',
        KYC_TEST_OPERATOR_TOKEN: process.env.E2E_KYC_OPERATOR_TOKEN,
      },
    },
  ],
});
