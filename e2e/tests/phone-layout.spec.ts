import { expect, test, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
// The twenty settings sections, from the web app's own list (the one its settings menu and route read).
import { SETTINGS_SECTIONS } from '../../apps/web/src/features/settings/lib/settings-sections.ts';
import { demoSession, PROTECTED_ROUTES, PUBLIC_ROUTES, type StorageState } from './support.ts';

// Issue #15, "Fits a phone, and every width in between": at 390 px the dashboard was 1,004 px wide, the French
// public header 470 px, and at 1366/1440 px the French public nav cut "Centre d'aide" to "Ce". Every page here is
// visited at a phone's size in English and in French and must not scroll sideways; the navigation collapses to a
// menu button that works with the keyboard; axe finds no serious or critical violation at the phone's size.

// Pages are visited on a shared machine: generous time, never a timed assertion.
test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const LANGUAGES = ['en', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

/** The legal pages of the public footer (LEGAL_PAGE_PATHS in @tessera/contracts). */
const LEGAL_PATHS = [
  '/legal/terms/',
  '/legal/privacy/',
  '/legal/complaints/',
  '/legal/regulatory-information/',
  '/legal/imprint/',
];
const PUBLIC_PATHS = [...PUBLIC_ROUTES.map((route) => route.path), ...LEGAL_PATHS];

/** Every signed-in page: the route table's, a product on the trading page, the wallets' actions, each settings section. */
const DASHBOARD_PATHS = [
  ...PROTECTED_ROUTES.map((route) => route.path),
  '/dashboard/trading/?product=BTC-EUR_tessera',
  '/dashboard/trading/?product=AAPL_cboe',
  '/dashboard/wallets/?action=new',
  '/dashboard/wallets/?action=transfer',
  ...SETTINGS_SECTIONS.map((section) => `/dashboard/settings/?content=${section}`),
];

/** A page in the given language and size, signed in when a session is given. */
async function open(
  browser: Browser,
  language: Language,
  viewport: { width: number; height: number },
  storageState?: StorageState,
) {
  const context = await browser.newContext({
    viewport,
    locale: language === 'fr' ? 'fr-FR' : 'en-US',
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript((value) => localStorage.setItem('lng', value), language);
  return { context, page: await context.newPage() };
}

/**
 * Goes to a page and waits until it is drawn in its language with what it loads. Never the network going idle:
 * the tracker's batches (sent with `keepalive` from its worker) are never reported finished to Playwright, so
 * `networkidle` waited its whole time-out on most signed-in pages. The page's own loading states instead.
 */
async function visit(page: Page, path: string, language: Language) {
  await page.goto(path);
  // The machine is shared: a page drawn late is still a page that must fit, so these waits are generous.
  if (path.includes('action=transfer')) {
    // The transfer form is a dialog, which hides the page (and its heading) from assistive technology.
    await expect(page.getByRole('dialog'), `${path} shows its dialog`).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(page.getByRole('heading', { level: 1 }).first(), `${path} shows its heading`).toBeVisible({
      timeout: 30_000,
    });
  }
  await expect(page.locator('html'), `${path} is in ${language}`).toHaveAttribute('lang', language, {
    timeout: 30_000,
  });
  // A pre-rendered public page shows its heading, in its language, before the app has hydrated it: its footer's
  // theme switch is a placeholder until then (public-layout.tsx). The menus are tested once the app is there.
  await expect(page.locator('.app-footer__theme-placeholder'), `${path} is hydrated`).toHaveCount(0, {
    timeout: 30_000,
  });
  // Lists, tables and charts arrive after the heading: wait until no placeholder (skeleton), no loading spinner and
  // no chart still loading its library (a drawn chart has its canvas) is left.
  await expect(page.locator('.ts-skeleton, .ts-spinner-wrap'), `${path} has finished loading`).toHaveCount(
    0,
    {
      timeout: 30_000,
    },
  );
  await expect(page.locator('.mkt-chart:not(:has(canvas))'), `${path} has drawn its charts`).toHaveCount(0, {
    timeout: 30_000,
  });
}

/**
 * Paths in groups of at most `size`: one journey visits a group in one page, each path a full load, so a journey
 * no longer pays for a browser context, a sign-in and a cold cache per path.
 */
function groups(paths: readonly string[], size: number): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < paths.length; start += size) {
    result.push(paths.slice(start, start + size));
  }
  return result;
}

/** Generous time for a journey visiting `count` pages on a shared machine (each wait above may take 30 s). */
function timeFor(count: number): number {
  return 60_000 + count * 45_000;
}

/** The page's width beyond the screen (0 when nothing scrolls sideways), and what sticks out, to say why. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((element) => {
        // Inside a scroll box (a table's), sticking out is scrolling, not widening the page.
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) {
            return false;
          }
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { overflow: root.scrollWidth - root.clientWidth, wide };
  });
}

/** Soft: a journey visiting several pages goes on after one that scrolls, so its report names every one. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const { overflow, wide } = await sidewaysOverflow(page);
  expect
    .soft(overflow, `${path} scrolls sideways by ${overflow} px: ${wide.join(', ')}`)
    .toBeLessThanOrEqual(0);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The demo customer's wallet pages: each tab of the first wallet, and its add-money page. */
async function walletPaths(page: Page): Promise<string[]> {
  await page.goto('/dashboard/wallets/');
  const link = page.locator('a[href^="/dashboard/wallets/"][href$="/fund/"]').first();
  // Generous, as in visit: the list may still say "Loading…" for a while on a shared machine.
  await expect(link, 'the wallets page lists a wallet').toBeVisible({ timeout: 30_000 });
  const fund = (await link.getAttribute('href')) ?? '';
  const wallet = fund.replace(/fund\/$/, '');
  return [0, 1, 2, 3].map((tab) => `${wallet}?to=${tab}`).concat(fund);
}

for (const language of LANGUAGES) {
  test.describe(`at 390 px in ${language}`, () => {
    for (const paths of groups(PUBLIC_PATHS, 5)) {
      test(`public ${paths.join(', ')} do not scroll sideways`, async ({ browser }) => {
        test.setTimeout(timeFor(paths.length));
        const { context, page } = await open(browser, language, PHONE);
        for (const path of paths) {
          await visit(page, path, language);
          await expectNoSidewaysScroll(page, path);
        }
        await context.close();
      });
    }

    for (const paths of groups(DASHBOARD_PATHS, 5)) {
      test(`dashboard ${paths.join(', ')} do not scroll sideways`, async ({ browser, baseURL }) => {
        test.setTimeout(timeFor(paths.length));
        const { context, page } = await open(browser, language, PHONE, await demoSession(baseURL));
        for (const path of paths) {
          await visit(page, path, language);
          if (path.startsWith('/dashboard/trading/?product=')) {
            await expect(
              page.locator('.mkt-chart__canvas canvas').first(),
              `${path} draws its chart`,
            ).toBeVisible();
          }
          await expectNoSidewaysScroll(page, path);
        }
        await context.close();
      });
    }

    test('the wallet pages (every tab, add money) do not scroll sideways', async ({ browser, baseURL }) => {
      test.setTimeout(timeFor(6));
      const { context, page } = await open(browser, language, PHONE, await demoSession(baseURL));
      for (const path of await walletPaths(page)) {
        await visit(page, path, language);
        await expectNoSidewaysScroll(page, path);
      }
      await context.close();
    });

    test('the dashboard navigation is a menu button that works with the keyboard', async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await open(browser, language, PHONE, await demoSession(baseURL));
      await visit(page, '/dashboard/home/', language);
      const menu = page.locator('.app-dashboard__menu-button');
      const nav = page.getByRole('navigation', { name: language === 'fr' ? 'Espace client' : 'Dashboard' });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).toBeHidden();
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      // The switches and the account menu are in the open menu too.
      await expect(page.getByRole('radiogroup').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'the open dashboard menu');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(nav).toBeHidden();
      // Choosing an area goes there and closes the menu.
      await menu.click();
      await nav.getByRole('link', { name: language === 'fr' ? 'Portefeuilles' : 'Wallets' }).click();
      await expect(page).toHaveURL(/\/dashboard\/wallets\//);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await context.close();
    });

    test('the public navigation is a menu button that works with the keyboard', async ({ browser }) => {
      const { context, page } = await open(browser, language, PHONE);
      await visit(page, '/', language);
      const menu = page.locator('.app-public__menu-button');
      const help = page
        .getByRole('link', { name: language === 'fr' ? 'Centre d’aide' : 'Help centre' })
        .first();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(help).toBeVisible();
      await expect(
        page.getByRole('link', { name: language === 'fr' ? 'Se connecter' : 'Sign in' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'the open public menu');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await menu.click();
      await help.click();
      await expect(page).toHaveURL(/\/help\/$/);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await context.close();
    });
  });

  test.describe(`at 360 px in ${language}`, () => {
    const publicPaths = ['/', '/pricing/', '/help/', '/login', '/register'];
    test(`public ${publicPaths.join(', ')} do not scroll sideways`, async ({ browser }) => {
      test.setTimeout(timeFor(publicPaths.length));
      const { context, page } = await open(browser, language, SMALL_PHONE);
      for (const path of publicPaths) {
        await visit(page, path, language);
        await expectNoSidewaysScroll(page, path);
      }
      await context.close();
    });
    const dashboardPaths = [
      '/dashboard/home/',
      '/dashboard/wallets/',
      '/dashboard/trading/?product=BTC-EUR_tessera',
      '/dashboard/market/',
      '/dashboard/settings/?content=withdrawal',
    ];
    test(`dashboard ${dashboardPaths.join(', ')} do not scroll sideways`, async ({ browser, baseURL }) => {
      test.setTimeout(timeFor(dashboardPaths.length));
      const { context, page } = await open(browser, language, SMALL_PHONE, await demoSession(baseURL));
      for (const path of dashboardPaths) {
        await visit(page, path, language);
        await expectNoSidewaysScroll(page, path);
      }
      await context.close();
    });
  });

  test.describe(`axe at 390 px in ${language}`, () => {
    const article = PUBLIC_ROUTES.find((route) => route.path.startsWith('/help/article/'))?.path ?? '/help/';
    for (const paths of groups(['/', '/pricing/', '/help/', article, '/login', '/legal/terms/'], 3)) {
      test(`public ${paths.join(', ')} have no serious or critical violation`, async ({ browser }) => {
        test.setTimeout(timeFor(paths.length));
        const { context, page } = await open(browser, language, PHONE);
        for (const path of paths) {
          await visit(page, path, language);
          expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
        }
        await context.close();
      });
    }
    const dashboardPaths = [
      '/dashboard/home/',
      '/dashboard/wallets/',
      '/dashboard/trading/?product=BTC-EUR_tessera',
      '/dashboard/market/',
      '/dashboard/settings/?content=depositCard',
    ];
    test(`dashboard ${dashboardPaths.join(', ')} have no serious or critical violation`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(timeFor(dashboardPaths.length));
      const { context, page } = await open(browser, language, PHONE, await demoSession(baseURL));
      for (const path of dashboardPaths) {
        await visit(page, path, language);
        if (path.startsWith('/dashboard/trading/')) {
          await expect(
            page.locator('.mkt-chart__canvas canvas').first(),
            `${path} draws its chart`,
          ).toBeVisible();
        }
        expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
      }
      await context.close();
    });
  });
}

test.describe('the French public header on a laptop', () => {
  for (const width of [1280, 1366, 1440]) {
    test(`shows every product link whole at ${width} px`, async ({ browser }) => {
      const { context, page } = await open(browser, 'fr', { width, height: 800 });
      await visit(page, '/', 'fr');
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await expect(nav.getByRole('link', { name: 'Centre d’aide' })).toBeVisible();
      const clipped = await nav.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll('a')]
          .filter((link) => {
            const rect = link.getBoundingClientRect();
            return rect.right > box.right + 1 || link.scrollWidth > link.clientWidth;
          })
          .map((link) => link.textContent);
      });
      expect(clipped).toEqual([]);
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expectNoSidewaysScroll(page, '/');
      await context.close();
    });
  }
});
