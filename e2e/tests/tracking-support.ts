/**
 * Session tracking journeys (issue #17): canary values, a fake ingest for the protocol journeys (the 401 restart,
 * the retry schedule, the refusals), and reading what the real ingest stored through the staff API.
 */
import { randomInt } from 'node:crypto';
import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Makes `language` the page's stored preference (localStorage `lng`, which wins over the address's `?lng=`): the
 * saved session of the demo customer remembers English.
 */
export async function preferLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((lng) => window.localStorage.setItem('lng', lng), language);
}

/** The tracker's state as the web app shows it on `<html data-tracker-state>` (apps/web/src/lib/session-tracker.ts). */
export function trackerState(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset['trackerState'] ?? null);
}

/** Waits until the tracker reports `state` (no time is asserted: only the state). */
export async function expectTrackerState(page: Page, state: string): Promise<void> {
  await expect.poll(() => trackerState(page), { timeout: 30_000 }).toBe(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Canaries: values that must never reach the ingest's storage
// ---------------------------------------------------------------------------------------------------------------

/** ISO 13616 check digits of a BBAN for a country. */
function ibanCheckDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) {
    remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return String(98 - remainder).padStart(2, '0');
}

/** True when an IBAN passes the mod-97 check (ISO 13616). */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s/g, '');
  const moved = `${compact.slice(4)}${compact.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of moved) {
    remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** True when a number passes the Luhn check. */
export function isLuhnValid(number: string): boolean {
  let sum = 0;
  const digits = number.replace(/\D/g, '');
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** A French test IBAN of this run (valid mod-97, random account): unique, so finding it anywhere means a leak. */
export function canaryIban(): string {
  const bban = `3000600001${randomDigits(11)}${randomDigits(2)}`; // bank, branch, account, key: 23
  const iban = `FR${ibanCheckDigits('FR', bban)}${bban}`;
  expect(isValidIban(iban)).toBe(true);
  return iban;
}

/** A Visa-like test card number of this run (Luhn valid). */
export function canaryCard(): string {
  const body = `4${randomDigits(14)}`;
  for (let check = 0; check < 10; check += 1) {
    if (isLuhnValid(`${body}${check}`)) {
      return `${body}${check}`;
    }
  }
  throw new Error('no Luhn check digit');
}

/** The canaries of one journey: an IBAN, a card number and an e-mail address. */
export function canaries(): { iban: string; card: string; email: string } {
  return {
    iban: canaryIban(),
    card: canaryCard(),
    email: `canary.${randomDigits(8)}@leak-test.tessera.test`,
  };
}

/**
 * Every form a value can take in stored text: as typed, without spaces, grouped by four (as the app shows an IBAN),
 * and the distinctive digits alone (a masked copy keeps no digit run of this length).
 */
export function canaryForms(value: string): string[] {
  const compact = value.replace(/\s/g, '');
  const forms = new Set([value, compact, compact.replace(/(.{4})/g, '$1 ').trim()]);
  const digits = compact.replace(/\D/g, '');
  if (digits.length >= 12) {
    forms.add(digits.slice(-12));
  }
  return [...forms];
}

/** The canaries found in a text (empty when none): the text is searched as is and with JSON's escapes undone. */
export function findCanaries(textValue: string, values: readonly string[]): string[] {
  const unescaped = textValue.replace(/\\u00a0|\u00a0|\\u202f|\u202f/g, ' ');
  const lower = unescaped.toLowerCase();
  return values.filter((value) => canaryForms(value).some((form) => lower.includes(form.toLowerCase())));
}

// ---------------------------------------------------------------------------------------------------------------
// A fake ingest (page routes): the protocol journeys see every call the tracker makes
// ---------------------------------------------------------------------------------------------------------------

/** One call the tracker made to the fake ingest. */
export interface IngestCall {
  path: string;
  /** `{page}_{n}` of a batch call. */
  batch: string | null;
  authorization: string | null;
  /** When the browser sent it (ms since the epoch, from the request's timing). */
  at: number;
  status: number;
}

/** How the fake ingest answers a batch: a status for this call, given the calls of the same batch so far. */
export type BatchAnswer = (call: { batch: string; authorization: string | null; attempt: number }) => number;

/**
 * Routes every tracker call of `context` (page and worker) under /ingest to a fake ingest: each start answers token
 * `token-{n}` (n from 1), for the session it resumes when it carries a token the fake gave (as the real ingest
 * resumes a session), else a new one; tags, conditions and flags answer empty, and batches answer what
 * `answerBatch` says. Returns the calls seen, in order.
 */
export async function fakeIngest(context: BrowserContext, answerBatch: BatchAnswer): Promise<IngestCall[]> {
  const calls: IngestCall[] = [];
  const attempts = new Map<string, number>();
  let starts = 0;
  const sessionOfToken = new Map<string, string>();
  await context.route(/\/ingest\/v1\/web\//, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.replace(/^\/ingest/, '');
    const authorization = (await request.headerValue('authorization')) ?? null;
    const record = (status: number, batch: string | null = null) =>
      calls.push({ path, batch, authorization, at: Date.now(), status });
    if (path === '/v1/web/start') {
      starts += 1;
      const previous = (request.postDataJSON() as { token?: string | null } | null)?.token ?? null;
      const sessionID = (previous && sessionOfToken.get(previous)) || `session-${starts}`;
      sessionOfToken.set(`token-${starts}`, sessionID);
      record(200);
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(startAnswer(starts, sessionID)),
      });
      return;
    }
    if (path === '/v1/web/i') {
      const batch = url.searchParams.get('batch') ?? '';
      const attempt = attempts.get(batch) ?? 0;
      attempts.set(batch, attempt + 1);
      const status = answerBatch({ batch, authorization, attempt });
      record(status, batch);
      await route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify(status === 200 ? { ok: true } : { error: { code: 'FAKE_INGEST' } }),
      });
      return;
    }
    record(200);
    const body = path.startsWith('/v1/web/tags')
      ? { tags: [] }
      : path.startsWith('/v1/web/conditions')
        ? { conditions: [] }
        : path.startsWith('/v1/web/feature-flags')
          ? { flags: [] }
          : { ok: true };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return calls;
}

/** The start answer of spec section 3 for the fake ingest's start n. */
function startAnswer(n: number, sessionID: string) {
  return {
    token: `token-${n}`,
    userUUID: `user-${n}`,
    projectID: 'tessera-web',
    beaconSizeLimit: 200000,
    compressionThreshold: 24000,
    delay: 0,
    sessionID,
    startTimestamp: Date.now(),
    userBrowser: 'Chrome',
    userCity: '',
    userCountry: '',
    userDevice: '',
    userOS: 'Linux',
    userState: '',
    canvasEnabled: false,
    canvasQuality: 'low',
    canvasFPS: 1,
    assistOnly: false,
    features: { 'feature-flags': false, 'usability-test': false },
  };
}

/**
 * Passes every tracker call of `context` (page and worker) to the real ingest and counts the batches it accepted
 * (a worker's requests are seen through a route, not through the context's response events).
 */
export async function watchIngest(context: BrowserContext): Promise<{ accepted: () => number }> {
  let accepted = 0;
  await context.route(/\/ingest\/v1\/web\//, async (route) => {
    const response = await route.fetch();
    if (new URL(route.request().url()).pathname.endsWith('/v1/web/i') && response.ok()) {
      accepted += 1;
    }
    await route.fulfill({ response });
  });
  return { accepted: () => accepted };
}

/** Resolves once the page's console says `text` (the tracker logs each refusal once: docs/tracker-protocol.md). */
export function consoleSays(page: Page, text: RegExp): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: { text(): string }) => {
      if (text.test(message.text())) {
        page.off('console', listener);
        resolve();
      }
    };
    page.on('console', listener);
  });
}
