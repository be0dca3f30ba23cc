import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { consoleText, DEMO_STAFF, signInDemoStaff, supportAgent } from './console-support-staff.ts';
import { expectAccessible, type Language } from './identity-support.ts';

/**
 * The console's session replay (issue #17), in English and French: a support agent opens Sessions, gives a case
 * reference and filters, pages through the list, opens a session and plays it: the recorded page is rebuilt in a
 * sandboxed iframe without scripts, with its recorded styles applied under the console's policy (no CSP violation,
 * style-src without 'unsafe-inline'), masked text still masked; Space plays and pauses; an error entry seeks to its
 * moment. axe on both pages.
 *
 * The events are a real rrweb 2.1.6 recording (console-replay-events.json: @rrweb/record with maskAllInputs, a
 * masked amount and a blocked element, plus our 'tessera.*' custom events). The language journeys answer the staff
 * API with page.route() stand-ins (to check what the console sends: the reference, the filters, the cursor); the
 * last one sends the recording to the real ingest through the tracker protocol (start, then a batch) and finds and
 * replays it through the real staff API. A recording made by the web app's own tracker is T4's journeys' part.
 */

const EVENTS = JSON.parse(readFileSync(new URL('./console-replay-events.json', import.meta.url), 'utf8')) as {
  timestamp: number;
  type: number;
  data: { tag?: string };
}[];
const START = EVENTS[0]!.timestamp;
const END = EVENTS.at(-1)!.timestamp;
const ERROR_AT =
  EVENTS.find((event) => event.type === 5 && event.data.tag === 'tessera.error')!.timestamp - START;

const summary = (sessionID: string, customerEmail: string, startedAt: number) => ({
  sessionID,
  customerId: `user-${sessionID}`,
  customerEmail,
  startedAt: new Date(startedAt).toISOString(),
  endedAt: new Date(startedAt + END - START).toISOString(),
  durationMs: END - START,
  pages: 2,
  firstPage: 'http://127.0.0.1/dashboard/home/',
  errors: 1,
  device: 'Desktop',
  browser: 'Chrome 140',
  os: 'Linux',
  width: 1024,
  height: 640,
  trackerVersion: '15.1.1',
});

/** m:ss, as the player shows a position. */
const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const r = (language: Language, key: string, values: Record<string, string> = {}) =>
  consoleText(language, key, values, 'replay');

/**
 * axe on the player page, as expectAccessible, leaving out the replay iframe: it holds the recorded customer page
 * (not the console's interface), and its sandbox runs no script, so axe cannot be injected there (it would wait).
 */
async function expectPlayerAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('.replay-frame')
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Every console message about the Content Security Policy, and every securitypolicyviolation event (frames too). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      seen.push(message.text());
    }
  });
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  return seen;
}

/** The ingest's staff routes, answered from the fixtures; every call must carry the case reference. */
async function standInStaffApi(page: Page, reference: string, seen: string[]): Promise<void> {
  await page.route('**/api/ingest/staff/sessions**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (request.headers()['x-staff-reason'] !== reference || !request.headers()['authorization']) {
      await route.fulfill({ status: 400, json: { error: { code: 'STAFF_REASON_REQUIRED' } } });
      return;
    }
    const path = url.pathname.replace(/^\/api\/ingest\/staff\/sessions\/?/, '');
    if (path === '') {
      const older = url.searchParams.get('cursor') === 'page-2';
      await route.fulfill({
        json: older
          ? { items: [summary('s-older', 'ana.demo@tessera.test', START - 86_400_000)], nextCursor: null }
          : { items: [summary('s-newest', 'ana.demo@tessera.test', START)], nextCursor: 'page-2' },
      });
    } else if (path === 's-newest') {
      await route.fulfill({
        json: {
          ...summary('s-newest', 'ana.demo@tessera.test', START),
          pageList: [],
          images: [],
          timezone: 'Europe/Paris',
          referrer: '',
          quarantinedBatches: 0,
        },
      });
    } else if (path === 's-newest/events') {
      await route.fulfill({ json: { events: EVENTS } });
    } else {
      await route.fulfill({ status: 404, json: { error: { code: 'REPLAY_SESSION_NOT_FOUND' } } });
    }
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`session replay (${language}): a support agent finds a session with a case reference and replays it under the strict policy`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const reference = `CASE-R${language.toUpperCase()}-${Date.now().toString(36)}`;
    const calls: string[] = [];
    const violations = await watchViolations(page);
    await standInStaffApi(page, reference, calls);
    await signInDemoStaff(page, language, supportAgent(language));

    await page
      .getByRole('navigation', { name: consoleText(language, 'nav.label') })
      .getByRole('link', { name: consoleText(language, 'nav.sessions'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: r(language, 'list.title') })).toBeVisible();
    const form = page.getByRole('search', { name: r(language, 'filters.title') });
    // Nothing is read before the reference is given.
    await form.getByRole('button', { name: r(language, 'filters.search') }).click();
    await expect(form.getByText(consoleText(language, 'reference.invalid', {}, 'support'))).toBeVisible();
    expect(calls).toEqual([]);

    await form.getByLabel(consoleText(language, 'reference.label', {}, 'support')).fill(reference);
    await form.getByLabel(r(language, 'filters.customer')).fill('ana.demo@tessera.test');
    await form.getByLabel(r(language, 'filters.page')).fill('/dashboard');
    await form.getByLabel(r(language, 'filters.minDuration')).fill('2');
    await form.getByRole('checkbox', { name: r(language, 'filters.errors') }).click();
    await form.getByRole('button', { name: r(language, 'filters.search') }).click();
    const table = page.getByRole('table', { name: r(language, 'list.results') });
    await expect(table.getByRole('link', { name: /ana\.demo@tessera\.test/ })).toHaveCount(1);
    await expect(table.getByRole('row')).toHaveCount(2);
    expect(calls[0]).toBe(
      '/api/ingest/staff/sessions?customer=ana.demo%40tessera.test&page=%2Fdashboard&hasErrors=true&minDurationS=2&limit=25',
    );
    await expectAccessible(page);

    // Cursor pagination: older, then back to the newest.
    await page.getByRole('button', { name: r(language, 'list.older') }).click();
    await expect(table.getByRole('link', { name: /ana\.demo/ })).toHaveCount(1);
    expect(calls.at(-1)).toContain('cursor=page-2');
    await page.getByRole('button', { name: r(language, 'list.newer') }).click();
    await expect(page.getByRole('button', { name: r(language, 'list.newer') })).toBeDisabled();

    await table.getByRole('link', { name: /ana\.demo@tessera\.test/ }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: r(language, 'player.titleOf', { who: 'ana.demo@tessera.test' }),
      }),
    ).toBeVisible();
    expect(new URL(page.url()).searchParams.get('ref')).toBe(reference);

    // The recorded page, rebuilt in a sandboxed iframe without scripts, its recorded styles applied.
    const player = page.getByRole('region', { name: r(language, 'player.label') });
    const iframe = player.locator('iframe');
    await expect(iframe).toHaveAttribute('sandbox', 'allow-same-origin');
    const frame = player.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Tessera test page');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(34, 170, 102)');
    // Masked stays masked: the amount and the typed name were recorded as asterisks; the blocked element is empty.
    await expect(frame.locator('.amt')).toHaveText(/^\*+$/);
    await expect(frame.locator('body')).not.toContainText('Private notes');

    // Controls: skip inactivity on by default, Space plays and pauses, speeds.
    await expect(player.getByRole('switch', { name: r(language, 'player.skipInactive') })).toBeChecked();
    await player
      .getByRole('group', { name: r(language, 'player.stage', { label: '' }).split(':')[0]!.trim() })
      .focus();
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: r(language, 'player.pause') })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: r(language, 'player.play') })).toBeVisible();
    await player.getByRole('radio', { name: '8×' }).click();
    await expect(player.getByRole('radio', { name: '8×' })).toBeChecked();

    // The errors pane: its entry seeks to the error's moment.
    await player.getByRole('tab', { name: new RegExp(r(language, 'panes.errors')) }).click();
    await player
      .getByRole('tabpanel')
      .getByRole('button', { name: /TypeError: x is undefined/ })
      .click();
    await expect(player.getByRole('slider', { name: r(language, 'player.timeline') })).toHaveAttribute(
      'aria-valuetext',
      r(language, 'player.clock', { position: clock(ERROR_AT), total: clock(END - START) }),
    );
    await player.getByRole('tab', { name: new RegExp(r(language, 'panes.network')) }).click();
    await expect(
      player.getByRole('tabpanel').getByRole('button', { name: /POST \/api\/cash\/transfers 422/ }),
    ).toBeVisible();
    await expectPlayerAccessible(page);

    // Every read carried the reference; the policy stayed strict and nothing was refused by it.
    expect(calls.some((call) => call.startsWith('/api/ingest/staff/sessions/s-newest/events'))).toBe(true);
    const policy = (await page.request.get('/console/sessions')).headers()['content-security-policy'] ?? '';
    const styleSrc = /(?:^|;)\s*style-src\s([^;]*)/.exec(policy)?.[1] ?? '';
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(styleSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(/(?:^|;)\s*script-src\s([^;]*)/.exec(policy)?.[1]?.trim()).toBe("'self'");
    expect(violations).toEqual([]);
  });
}

test('session replay with the real ingest: a session sent through the tracker protocol is found and replayed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const reference = `CASE-RI-${run}`;
  // The recording, as if made now on pages of this run's own path (so the search finds this session only).
  const shift = Date.now() - START;
  const events = (
    JSON.parse(
      JSON.stringify(EVENTS).replace(/http:\/\/127\.0\.0\.1:\d+\//g, `http://127.0.0.1/replay-${run}/`),
    ) as { timestamp: number }[]
  ).map((event) => ({ ...event, timestamp: event.timestamp + shift }));
  const started = await page.request.post('/ingest/v1/web/start', {
    data: {
      trackerVersion: '15.1.1',
      projectKey: 'tessera-web',
      timestamp: events[0]!.timestamp,
      userID: null,
      token: null,
      width: 1024,
      height: 640,
      timezone: 'Europe/Paris',
      href: `http://127.0.0.1/replay-${run}/dashboard/home/`,
      referrer: '',
    },
  });
  expect(started.status()).toBe(200);
  const { token, sessionID } = (await started.json()) as { token: string; sessionID: string };
  const batch = await page.request.post('/ingest/v1/web/i?batch=0_0', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    data: Buffer.from(JSON.stringify({ v: 1, sessionID, tabId: '0123456789ab', page: 0, n: 0, events })),
  });
  expect(batch.status()).toBe(200);

  const violations = await watchViolations(page);
  await signInDemoStaff(page, 'en', DEMO_STAFF.sam);
  await page.goto('/console/sessions');
  const form = page.getByRole('search', { name: r('en', 'filters.title') });
  await form.getByLabel(consoleText('en', 'reference.label', {}, 'support')).fill(reference);
  await form.getByLabel(r('en', 'filters.page')).fill(`replay-${run}`);
  await form.getByRole('button', { name: r('en', 'filters.search') }).click();
  const table = page.getByRole('table', { name: r('en', 'list.results') });
  await expect(table.getByRole('link', { name: new RegExp(r('en', 'list.anonymous')) })).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(r('en', 'list.errorCount_one', { count: '1' }));
  await table.getByRole('link', { name: new RegExp(r('en', 'list.anonymous')) }).click();

  const player = page.getByRole('region', { name: r('en', 'player.label') });
  const frame = player.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Tessera test page');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(34, 170, 102)');
  await expect(frame.locator('.amt')).toHaveText(/^\*+$/);
  await player.getByRole('tab', { name: new RegExp(r('en', 'panes.errors')) }).click();
  await expect(
    player.getByRole('tabpanel').getByRole('button', { name: /TypeError: x is undefined/ }),
  ).toBeVisible();
  await player.getByRole('tab', { name: new RegExp(r('en', 'panes.pages')) }).click();
  await expect(
    player
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(`replay-${run}/dashboard/wallets/`) }),
  ).toBeVisible();
  expect(violations).toEqual([]);
});
