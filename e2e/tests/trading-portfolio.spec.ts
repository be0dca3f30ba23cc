import { expect, test, type Page } from '@playwright/test';
import { accessTokenOf, LANGUAGES } from './identity-support.ts';
import {
  CRYPTO_PRODUCT,
  field,
  fill,
  fundedCustomer,
  open,
  priceAt,
  quoteOf,
  shown,
  text,
  tr,
  typed,
  type Language,
} from './trading-support.ts';

// The home page's portfolio value chart and positions, and price alerts that notify (issue #5), in English and
// French. Each journey uses a fresh funded customer who buys a little ether through the API (crypto trades around
// the clock), so the home page has a position to show and parallel journeys share nothing.
test.describe.configure({ timeout: 90_000 });

const d = (language: Language, key: string, values?: Record<string, string | number>) => {
  const template = text(language, `dashboard:${key}`);
  return values ? fill(template, values) : template;
};

/** A market buy of 0.01 ether through the trading API, as the signed-in customer. */
async function buyEther(page: Page): Promise<void> {
  const placed = await page.request.post('/api/trading/orders', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    data: {
      clientOrderId: crypto.randomUUID(),
      productId: CRYPTO_PRODUCT,
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      timeInForce: 'IOC',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  expect(((await placed.json()) as { status: string }).status).toBe('filled');
}

for (const language of LANGUAGES) {
  test(`the home page shows the portfolio value chart and the positions (${language})`, async ({ page }) => {
    await fundedCustomer(page, language);
    await buyEther(page);
    await open(page, language, '/dashboard/home/');

    const chart = page.getByRole('region', { name: d(language, 'portfolio.title') });
    await expect(chart).toBeVisible();
    // The value is an amount of euros (about 1,000: the cash left plus the ether bought), and its summary is text.
    await expect(chart.getByTestId('portfolio-value')).toContainText(/\d/);
    await expect(chart.getByTestId('portfolio-value')).toContainText('€');
    await expect(chart.getByTestId('portfolio-summary')).toContainText(/\d/);
    // The change is performance: it leaves deposits and withdrawals out and says so. The only deposit was the
    // customer's first movement (the chart starts there), and buying ether is not a deposit: no net deposits line.
    const excluding = d(language, 'portfolio.change').split('{{range}}')[1]!;
    await expect(chart.getByText(excluding, { exact: false }).first()).toBeVisible();
    await expect(chart.getByTestId('portfolio-summary')).toContainText(excluding);
    await expect(chart.getByTestId('portfolio-net-flows')).toHaveCount(0);
    await expect(chart.locator('canvas').first()).toBeVisible();
    await chart.getByRole('radio', { name: d(language, 'portfolio.rangeShort.1D'), exact: true }).click();
    await expect(chart.getByTestId('portfolio-summary')).toContainText(d(language, 'portfolio.ranges.1D'));

    const positions = page.getByRole('table', { name: d(language, 'positions.caption') });
    const row = positions.getByRole('row').filter({ hasText: shown(CRYPTO_PRODUCT) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(language === 'fr' ? '0,01' : '0.01');
    await row.getByRole('link', { name: shown(CRYPTO_PRODUCT) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/trading/\\?product=${CRYPTO_PRODUCT}`));
  });

  test(`the trading positions label the average cost as including fees (${language})`, async ({ page }) => {
    // Issue #15: the average cost includes the fees while the history shows price and fee apart; the column says so.
    await fundedCustomer(page, language);
    await buyEther(page);
    await open(page, language, `/dashboard/trading/?product=${CRYPTO_PRODUCT}`);
    await page.getByRole('tab', { name: tr(language, 'orders.positionsTab', { count: 1 }) }).click();
    const positions = page.getByRole('table', { name: tr(language, 'positions.caption') });
    await expect(
      positions.getByRole('columnheader', { name: tr(language, 'positions.averageCost'), exact: true }),
    ).toBeVisible();
    await expect(
      positions
        .getByRole('columnheader')
        .filter({ hasText: language === 'fr' ? 'frais inclus' : 'incl. fees' }),
    ).toHaveCount(1);
  });

  test(`a price alert is listed, can be deleted, and notifies when the price reaches it (${language})`, async ({
    page,
  }) => {
    await fundedCustomer(page, language);
    await open(page, language, `/dashboard/trading/?product=${CRYPTO_PRODUCT}`);
    const panel = page.getByRole('region', { name: tr(language, 'alerts.title') });
    await expect(panel).toBeVisible();
    const { bid } = await quoteOf(page, CRYPTO_PRODUCT);

    // Far above the market: it stays active, is listed, and can be deleted.
    const far = priceAt(bid, 150);
    await panel.getByRole('radio', { name: tr(language, 'alerts.conditions.above'), exact: true }).click();
    await field(panel, tr(language, 'alerts.price', { product: shown(CRYPTO_PRODUCT) })).fill(
      typed(language, far),
    );
    await panel.getByRole('button', { name: tr(language, 'alerts.create') }).click();
    const list = panel.getByRole('list', { name: tr(language, 'alerts.listLabel') });
    const farItem = list.getByRole('listitem').filter({ hasText: shown(CRYPTO_PRODUCT) });
    await expect(farItem).toHaveCount(1);
    await farItem.getByRole('button', { name: tr(language, 'alerts.delete') }).click();
    await expect(panel.getByText(tr(language, 'alerts.none'))).toBeVisible();

    // Deterministic trigger: "above" a price 10 % under the current bid is reached at the next reference tick.
    const reached = priceAt(bid, 90);
    await field(panel, tr(language, 'alerts.price', { product: shown(CRYPTO_PRODUCT) })).fill(
      typed(language, reached),
    );
    await panel.getByRole('button', { name: tr(language, 'alerts.create') }).click();
    const notice = page.getByRole('status').filter({ hasText: shown(CRYPTO_PRODUCT) });
    await expect(notice).toContainText(text(language, 'trading:alerts.notice.above').split('{{')[0]!.trim(), {
      timeout: 15_000,
    });
    const triggeredPrefix = tr(language, 'alerts.triggered').split('{{')[0]!.trim();
    await expect(list.getByRole('listitem').filter({ hasText: triggeredPrefix })).toHaveCount(1);
    await notice.getByRole('button', { name: tr(language, 'alerts.dismiss') }).click();
    await expect(page.getByRole('status').filter({ hasText: shown(CRYPTO_PRODUCT) })).toHaveCount(0);
  });
}
