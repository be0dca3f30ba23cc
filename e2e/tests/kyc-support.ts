/**
 * Identity verification (issue #16) for journeys that need a submitted application without walking the customer's
 * pages: a passport's machine-readable zone with ICAO 9303 check digits, a real image by its first bytes, level 1
 * through the phone code, and the application sent through user management's customer API.
 */
import { expect, type Page } from '@playwright/test';
import { accessTokenOf, verifyPhoneAttribute } from './identity-support.ts';

/** ICAO 9303 part 3, 4.9: weights 7, 3, 1; `<` counts 0, A counts 10. */
export function checkDigit(value: string): string {
  const weights = [7, 3, 1];
  let total = 0;
  [...value].forEach((character, index) => {
    const digit =
      character === '<' ? 0 : /\d/.test(character) ? Number(character) : character.charCodeAt(0) - 55;
    total += digit * (weights[index % 3] ?? 0);
  });
  return String(total % 10);
}

/** The person and passport of a journey's application (a Dutch passport: the specimen state UTO is refused). */
export interface PassportHolder {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  number: string;
}

const zoneDate = (isoDate: string) => isoDate.slice(2).replaceAll('-', '');
const zoneName = (name: string) => name.toUpperCase().replace(/[^A-Z]+/g, '<');

/** A Dutch passport's zone (TD3) for `holder`, with correct check digits. */
export function passportZone(holder: PassportHolder): [string, string] {
  const line1 = `P<NLD${zoneName(holder.lastName)}<<${zoneName(holder.firstName)}`.padEnd(44, '<');
  const number = holder.number.padEnd(9, '<');
  const birth = zoneDate(holder.birthDate);
  const expiry = zoneDate(holder.expiryDate);
  const personal = ''.padEnd(14, '<');
  const body =
    `${number}${checkDigit(number)}NLD${birth}${checkDigit(birth)}F` +
    `${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

/** A 1×1 PNG: a real image by its first bytes, which is what the browser and the server check. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Level 1 the way a customer gets it: the phone's SMS code (read from the dev mailbox), through the protocol. */
export async function verifyPhoneByProtocol(page: Page, phone: string): Promise<void> {
  await verifyPhoneAttribute(page, await accessTokenOf(page), phone);
  await expect
    .poll(async () => (await customerKyc(page, 'GET', '/kyc/application')).body['level'])
    .toBeGreaterThanOrEqual(1);
}

/** A call of the signed-in customer (the page's session) to user management's KYC routes. */
export async function customerKyc(
  page: Page,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  data?: unknown,
  contentType?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await page.request.fetch(`/api/user-management${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await accessTokenOf(page)}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Fills a level-2 application (details, address, passport with its zone, photo, selfie, answers) and submits it. */
export async function submitLevel2Application(page: Page, holder: PassportHolder): Promise<void> {
  const saved = await customerKyc(page, 'PUT', '/kyc/application', {
    targetLevel: 2,
    personal: {
      firstName: holder.firstName,
      lastName: holder.lastName,
      birthDate: holder.birthDate,
      nationality: 'NLD',
    },
    address: { line1: 'Keizersgracht 123', postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
    document: {
      type: 'passport',
      issuingCountry: 'NLD',
      number: holder.number,
      expiryDate: holder.expiryDate,
      mrzLines: passportZone(holder),
    },
    dueDiligence: {
      purpose: 'investing',
      yearlyVolumeBand: '10000_to_50000',
      sourceOfIncome: 'salary',
      politicallyExposed: false,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const slot of ['front', 'selfie']) {
    const uploaded = await customerKyc(page, 'PUT', `/kyc/application/files/${slot}`, PNG, 'image/png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  }
  await resubmit(page);
}

/** Submits the application as it stands. */
export async function resubmit(page: Page): Promise<void> {
  const submitted = await customerKyc(page, 'POST', '/kyc/application/submit');
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(submitted.body['status']).toBe('submitted');
}

/** After level 2: a level-3 application (the declared parts carry over; the source of funds and new images). */
export async function submitLevel3Application(page: Page): Promise<void> {
  const saved = await customerKyc(page, 'PUT', '/kyc/application', {
    targetLevel: 3,
    dueDiligence: {
      purpose: 'investing',
      yearlyVolumeBand: '50000_to_250000',
      sourceOfIncome: 'salary',
      politicallyExposed: false,
      sourceOfFunds: { origin: 'sale_of_property', description: 'Sale of a flat in Utrecht, March 2026.' },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const slot of ['front', 'selfie']) {
    const uploaded = await customerKyc(page, 'PUT', `/kyc/application/files/${slot}`, PNG, 'image/png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  }
  await resubmit(page);
}

/** A call of a staff member (their access token) to the staff KYC routes, with a case reference. */
export async function staffKyc(
  page: Page,
  staffToken: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await page.request.fetch(`/api/user-management/staff/kyc${path}`, {
    method,
    headers: { authorization: `Bearer ${staffToken}`, 'x-staff-reason': 'E2E-KYC-API' },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}
