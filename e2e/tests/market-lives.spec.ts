import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';

// A market that lives (issue #15): while a venue is open, simulated participants trade with the market makers
// through the internal venue, so the last price and the volume change with no customer trading; crypto trades all
// week, and the market's test clock (MARKET_DATA_CLOCK_START) opens the stock venues on a server of this journey's own.

interface QuoteView {
  last: string | null;
  volume: string;
  changePercent: string | null;
  marketOpen: boolean;
  origin: string;
}

async function quote(api: APIRequestContext, productId: string): Promise<QuoteView> {
  const answer = await api.get(`/api/market-data/quotes/${productId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { quote: QuoteView }).quote;
}

/** Waits (up to a minute, the bound) until the product's last price and volume both changed. */
async function expectMoving(api: APIRequestContext, productId: string): Promise<void> {
  const first = await quote(api, productId);
  expect(first.marketOpen, `${productId} is open`).toBe(true);
  await expect
    .poll(
      async () => {
        const now = await quote(api, productId);
        return now.last !== first.last && now.volume !== first.volume;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  // The tape shows the venue's trades (the participants' fills through the matching engine).
  const trades = await api.get(`/api/market-data/trades/${productId}`);
  expect(trades.status()).toBe(200);
  const body = (await trades.json()) as { items: Array<{ origin: string }> };
  expect(body.items.some((trade) => trade.origin === 'venue')).toBe(true);
}

test('crypto trades with no customer: last price and volume change within a minute; BTC moves alike in USD and CHF', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  await expectMoving(api, 'BTC-USD_tessera');
  await expectMoving(api, 'ETH-EUR_tessera');
  // One price per asset: the day's change of BTC in CHF is the one in USD, give or take the fiat rates' drift.
  const usd = await quote(api, 'BTC-USD_tessera');
  const chf = await quote(api, 'BTC-CHF_tessera');
  expect(usd.changePercent).not.toBeNull();
  expect(chf.changePercent).not.toBeNull();
  expect(Math.abs(Number(usd.changePercent) - Number(chf.changePercent))).toBeLessThan(0.5);
  await api.dispose();
});

test.describe('a test clock opens the stock venues', () => {
  let server: ChildProcess | null = null;
  let dataDir = '';
  let api: APIRequestContext | null = null;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = 40_000 + Math.floor(Math.random() * 9_000);
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-market-clock-'));
    server = spawn(process.execPath, [join(import.meta.dirname, '..', '..', 'server', 'dist', 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        TESSERA_MODE: 'demo',
        // A Monday at 15:00 UTC: New York, Frankfurt, Paris, London and Zurich are all open.
        MARKET_DATA_CLOCK_START: '2026-11-23T15:00:00Z',
        MARKET_DATA_TICK_MS: '1000',
      },
      stdio: 'ignore',
    });
    api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
    await expect
      .poll(
        async () => {
          try {
            return (await api!.get('/readyz')).status();
          } catch {
            return 0;
          }
        },
        { timeout: 200_000, intervals: [1_000] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    await api?.dispose();
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('stocks and ETFs trade while their venue is open: last price and volume change within a minute', async () => {
    test.setTimeout(150_000);
    await expectMoving(api!, 'SPY_nyse');
    await expectMoving(api!, 'EUNL_xetra');
  });
});
