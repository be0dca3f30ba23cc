import { expect, type Locator, type Page } from '@playwright/test';
import { accessTokenOf } from './identity-support.ts';
import { choose, field, fill, freshCustomer, open, text, type Language } from './wallets-support.ts';

export { choose, field, fill, open, text, type Language };

/** The crypto product the journeys trade: its internal venue is open around the clock, every day. */
export const CRYPTO_PRODUCT = 'ETH-EUR_tessera';

const VENUES: Record<string, string> = {
  cboe: 'Cboe',
  nasdaq: 'Nasdaq',
  nyse: 'NYSE',
  xetra: 'Xetra',
  euronext: 'Euronext',
  lse: 'LSE',
  six: 'SIX',
  tessera: 'Tessera',
};

/** A product as the screens name it, by symbol and venue (`ETH-EUR · Tessera`), never its id. */
export function shown(productId: string): string {
  const separator = productId.lastIndexOf('_');
  const source = productId.slice(separator + 1);
  return `${productId.slice(0, separator)} · ${VENUES[source] ?? source}`;
}

/** The text of a key of the web app's `trading` namespace in a language. */
export function tr(language: Language, key: string, values?: Record<string, string | number>): string {
  const template = text(language, `trading:${key}`);
  return values ? fill(template, values) : template;
}

/** A decimal as the customer types it in a language (French uses a comma). */
export function typed(language: Language, decimal: string): string {
  return language === 'fr' ? decimal.replace('.', ',') : decimal;
}

async function authorised(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await accessTokenOf(page)}` };
}

/**
 * A customer of one journey: fresh (wallets-support's freshCustomer: signed up, signed in through the pages,
 * raised to KYC level 2), with a EUR current wallet credited with `amount` euros through the SEPA simulator, so
 * journeys running in parallel never share balances, orders or positions.
 */
export async function fundedCustomer(page: Page, language: Language, amount = '1000.00'): Promise<void> {
  await freshCustomer(page, language);
  const headers = await authorised(page);
  const created = await page.request.post('/api/cash-operations/wallets', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { asset: 'EUR' },
  });
  expect([200, 201, 409], await created.text()).toContain(created.status());
  const wallets = (await (await page.request.get('/api/cash-operations/wallets', { headers })).json()) as {
    items: Array<{ asset: string; kind: string; iban: string | null }>;
  };
  const iban = wallets.items.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')?.iban;
  expect(iban, 'a EUR current wallet with an IBAN').toBeTruthy();
  const credited = await page.request.post('/api/cash-operations/dev/sepa/incoming', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { iban, amount },
  });
  expect(credited.status(), await credited.text()).toBe(201);
}

/** The best bid and ask of a product from market data (public). */
export async function quoteOf(
  page: Page,
  productId: string,
): Promise<{ bid: string; ask: string; last: string }> {
  const answer = await page.request.get(`/api/market-data/quotes/${productId}`);
  expect(answer.status()).toBe(200);
  const { quote } = (await answer.json()) as { quote: { bid: string; ask: string; last: string } };
  return quote;
}

/** A positive decimal string as an exact fraction: `units / 10^scale`. */
function fractionOf(text: string): { units: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) {
    throw new Error(`${text} is not a positive decimal`);
  }
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** Cents as a decimal string with two decimals. */
function centsText(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/**
 * A price rounded half up to the cent, scaled by `percent` percent and rounded down to the cent, computed exactly
 * on the decimal text (never through floating point).
 */
export function priceAt(price: string, percent: number): string {
  const value = fractionOf(price);
  const valueDenominator = 10n ** BigInt(value.scale);
  const priceCents = (value.units * 200n + valueDenominator) / (2n * valueDenominator);
  const factor = fractionOf(String(percent));
  return centsText((priceCents * factor.units) / (100n * 10n ** BigInt(factor.scale)));
}

/** The midpoint of two prices, exactly (one more decimal than the longer of the two). */
export function midpointOf(bid: string, ask: string): string {
  const [low, high] = [fractionOf(bid), fractionOf(ask)];
  const scale = Math.max(low.scale, high.scale);
  const sum = low.units * 10n ** BigInt(scale - low.scale) + high.units * 10n ** BigInt(scale - high.scale);
  const units = (sum * 5n).toString().padStart(scale + 2, '0');
  return `${units.slice(0, -(scale + 1))}.${units.slice(-(scale + 1))}`;
}

/**
 * Fills the order form with a limit buy and places it through the confirmation step (confirmations are on by
 * default in the trading preferences).
 */
export async function placeLimitBuy(page: Page, language: Language, quantity: string, limitPrice: string) {
  const form = page.getByRole('form', { name: tr(language, 'form.title'), exact: true });
  await field(form, tr(language, 'form.quantity')).fill(typed(language, quantity));
  await field(form, tr(language, 'form.limitPrice')).fill(typed(language, limitPrice));
  const buy = tr(language, 'side.buy');
  // The preview (cost, fee and buying power after) appears before the customer commits.
  await expect(form.getByText(tr(language, 'preview.buyingPowerAfter'), { exact: true })).toBeVisible();
  await form.getByRole('button', { name: tr(language, 'form.review', { side: buy }), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tr(language, 'confirm.title') });
  await dialog
    .getByRole('button', { name: tr(language, 'confirm.place', { side: buy }), exact: true })
    .click();
  await expect(dialog).toBeHidden();
}

/** The open orders table (on its tab). */
export async function openOrdersTable(page: Page, language: Language): Promise<Locator> {
  await page
    .getByRole('tab', { name: new RegExp(`^${escape(tr(language, 'orders.openTab').split('(')[0] ?? '')}`) })
    .click();
  return page.getByRole('table', { name: tr(language, 'orders.openCaption') });
}

/** The positions table (on its tab). */
export async function positionsTable(page: Page, language: Language): Promise<Locator> {
  await page
    .getByRole('tab', {
      name: new RegExp(`^${escape(tr(language, 'orders.positionsTab').split('(')[0] ?? '')}`),
    })
    .click();
  return page.getByRole('table', { name: tr(language, 'positions.caption') });
}

/** A figure of the cash block beside the order form ("Cash balance", "Available to trade"). */
export function cashFigure(page: Page, language: Language, key: 'balance' | 'available'): Locator {
  return page
    .locator('dl.trd-cash > div')
    .filter({ has: page.getByText(tr(language, `cash.${key}`), { exact: true }) })
    .locator('dd');
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
