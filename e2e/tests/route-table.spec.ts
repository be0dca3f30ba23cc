import { expect, test } from '@playwright/test';
import { OWN_SESSION, PROTECTED_ROUTES, PUBLIC_ROUTES, signIn } from './support.ts';

/**
 * Routes in groups of at most `size`: one journey visits a group in one page, each route a full load, so a journey
 * no longer pays for a browser context, a session and a cold cache per route. Each check names its route and is
 * soft, so a failing route does not hide the next ones.
 */
function groups<T>(routes: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < routes.length; start += size) {
    result.push(routes.slice(start, start + size));
  }
  return result;
}

/** Generous time for a journey visiting `count` routes on a shared machine. */
function timeFor(count: number): number {
  return 30_000 + count * 20_000;
}

test.describe('route table: public routes', () => {
  for (const routes of groups(PUBLIC_ROUTES, 5)) {
    test(`${routes.map((route) => route.path).join(', ')} render their pages`, async ({ page }) => {
      test.setTimeout(timeFor(routes.length));
      let errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const route of routes) {
        errors = [];
        await page.goto(route.path);
        await expect
          .soft(
            page.getByRole('heading', { level: 1, name: route.heading }),
            `${route.path} shows its heading`,
          )
          .toBeVisible();
        expect.soft(errors, `${route.path} throws no error`).toEqual([]);
      }
    });
  }
});

test.describe('route table: protected routes, signed out', () => {
  for (const routes of groups(PROTECTED_ROUTES, 5)) {
    test(`${routes.map((route) => route.path).join(', ')} send a visitor to /login with the redirect`, async ({
      page,
    }) => {
      test.setTimeout(timeFor(routes.length));
      for (const route of routes) {
        await page.goto(route.path);
        await expect(page, `${route.path} goes to /login`).toHaveURL(/\/login\?redirect=/);
        // The attempted location, with its search parameters as the route validated them (defaults filled in).
        const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
        const attempted = new URL(route.path, 'http://x');
        expect
          .soft(new URL(redirect, 'http://x').pathname, `${route.path}: the redirect's path`)
          .toBe(attempted.pathname);
        for (const [key, value] of attempted.searchParams) {
          expect
            .soft(new URL(redirect, 'http://x').searchParams.get(key), `${route.path}: the redirect's ${key}`)
            .toBe(value);
        }
        await expect
          .soft(
            page.getByRole('heading', { level: 1, name: /Sign in to Tessera/ }),
            `${route.path}: the sign-in page`,
          )
          .toBeVisible();
      }
    });
  }
});

test.describe('route table: protected routes, signed in', () => {
  test.use(OWN_SESSION);

  for (const routes of groups(PROTECTED_ROUTES, 5)) {
    test(`${routes.map((route) => route.path).join(', ')} render for a signed-in customer`, async ({
      page,
    }) => {
      test.setTimeout(timeFor(routes.length));
      for (const route of routes) {
        await page.goto(route.path);
        await expect
          .soft(
            page.getByRole('heading', { level: 1, name: route.heading }),
            `${route.path} shows its heading`,
          )
          .toBeVisible();
      }
    });
  }

  test('/dashboard/ goes to /dashboard/home/', async ({ page }) => {
    await page.goto('/dashboard/');
    await expect(page).toHaveURL(/\/dashboard\/home\/$/);
  });
});

test.describe('route guards', () => {
  test.use(OWN_SESSION);

  test('/login sends a signed-in customer to the redirect value', async ({ page }) => {
    await page.goto('/login?redirect=%2Fdashboard%2Fmarket%2F');
    await expect(page).toHaveURL(/\/dashboard\/market\/$/);
  });

  test('/login ignores an off-site redirect and goes to the dashboard home', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/dashboard\/home\/$/);
  });

  test('sign-out ends the session: /login no longer forwards to the dashboard', async ({ browser }) => {
    // Signed in through the sign-in page, then out through the settings page: the whole round trip a person makes.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/dashboard/settings/?content=logout');
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    await signOut.click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard/home/');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await context.close();
  });
});

test.describe('search parameter fallbacks', () => {
  test.use(OWN_SESSION);

  test('settings content falls back to personalInformation', async ({ page }) => {
    await page.goto('/dashboard/settings/?content=bogus');
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(menu.getByRole('link', { name: 'Personal information' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/dashboard/settings/?content=appearance');
    await expect(menu.getByRole('link', { name: 'Appearance' })).toHaveAttribute('aria-current', 'page');
  });

  test('wallets action falls back to new; transfer opens the transfer', async ({ page }) => {
    await page.goto('/dashboard/wallets/?action=delete');
    await expect(page.getByRole('heading', { name: 'Create a wallet' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto('/dashboard/wallets/?action=transfer');
    await expect(page.getByRole('dialog', { name: 'Transfer money' })).toBeVisible();
  });

  test('wallet `to` selects the tab and falls back to 0', async ({ page }) => {
    // The demo customer's first wallet (the view of an unknown id says "Wallet not found", with no tabs).
    await page.goto('/dashboard/wallets/');
    const wallet = page.getByRole('list', { name: 'Wallets' }).getByRole('link').first();
    const href = (await wallet.getAttribute('href'))?.split('?')[0] ?? '';
    await page.goto(`${href}?to=2`);
    await expect(page.getByRole('tab', { name: 'Statements' })).toHaveAttribute('aria-selected', 'true');
    await page.goto(`${href}?to=banana`);
    await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  });

  test('trading product falls back to the stored last product, else AAPL_cboe, and is remembered', async ({
    page,
  }) => {
    // The product header names the product by symbol and venue: "Apple Inc. (AAPL · Cboe)".
    const header = (product: string) =>
      page.getByRole('heading', { level: 2, name: new RegExp(`\\(${product}\\)$`) });
    await page.goto('/dashboard/trading/?product=NOPE');
    await expect(header('AAPL · Cboe')).toBeVisible();
    await page.goto('/dashboard/trading/?product=SAP_xetra');
    await expect(header('SAP · Xetra')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lastProduct'))).toBe('SAP_xetra');
    await page.goto('/dashboard/trading/?product=bad_product');
    await expect(header('SAP · Xetra')).toBeVisible();
  });

  test('home shows the deposit banner only for origin=deposit_success', async ({ page }) => {
    await page.goto('/dashboard/home/?origin=deposit_success');
    await expect(page.getByText('Your deposit was received', { exact: false })).toBeVisible();
    await page.goto('/dashboard/home/?origin=elsewhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Your overview' })).toBeVisible();
    await expect(page.getByText('Your deposit was received', { exact: false })).toHaveCount(0);
  });

  test("the detached window throws 'Invalid product' for an invalid product", async ({ page }) => {
    await page.goto('/dashboard/trading/detached/?component=CHART&product=XYZ_moon');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
    await page.getByRole('button', { name: 'Show Error' }).click();
    await expect(page.getByText('Invalid product')).toBeVisible();
    await page.getByRole('button', { name: 'Hide Error' }).click();
    await expect(page.getByText('Invalid product')).toBeHidden();
  });

  test('the detached window accepts only CHART, WATCHLIST or ORDER_FORM', async ({ page }) => {
    for (const component of ['WATCHLIST', 'ORDER_FORM']) {
      await page.goto(`/dashboard/trading/detached/?component=${component}&product=AAPL_cboe`);
      await expect(page.getByRole('heading', { level: 1, name: /AAPL · Cboe/ })).toBeVisible();
    }
    await page.goto('/dashboard/trading/detached/?component=TICKER&product=AAPL_cboe');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
  });

  test('help search keeps q', async ({ page }) => {
    await page.goto('/help/search/?q=retraits');
    await expect(page.getByRole('searchbox', { name: 'Search the help centre' })).toHaveValue('retraits');
  });
});

test.describe('not-found page', () => {
  test('outside the dashboard the home button goes to /', async ({ page }) => {
    await page.goto('/pricing/');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/pricing\/$/);
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('inside the dashboard the home button goes to /dashboard/home/', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/dashboard/no-such-area/');
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home\/$/);
    await context.close();
  });
});
