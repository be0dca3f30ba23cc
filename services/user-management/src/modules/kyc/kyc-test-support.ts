/**
 * What the KYC tests share: a stand-in identity service (its directory with contacts and the staff audit log as a
 * list), images with real signatures, machine-readable zones with correct check digits, and the app builder.
 * Test support only: never imported by runtime code.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CustomerEmailNotice,
  type IdentityDirectoryApi,
  type StaffAccessRecord,
  USER_MANAGEMENT_CLIENT,
  type UserContact,
} from '@tessera/contracts';
import {
  createFilesystemObjectStore,
  type Database,
  defineService,
  loadConfig,
  type ObjectStore,
} from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import { userManagementService } from '../../service.ts';
import type { UserManagementService } from '../customers/customers.service.ts';
import { configureKycForTest } from './kyc.plugin.ts';
import type { KycService } from './kyc.service.ts';

export type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

/** The stand-in identity service: contacts by id and the audit records it was handed. */
export function identityStandIn() {
  const contacts = new Map<string, UserContact>();
  const audit: StaffAccessRecord[] = [];
  const emails: Array<{ userId: string; notice: CustomerEmailNotice }> = [];
  const directory: IdentityDirectoryApi = {
    emailCustomer: (userId, notice) => {
      emails.push({ userId, notice });
      return Promise.resolve();
    },
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: (userId) => Promise.resolve(contacts.get(userId) ?? null),
    recordStaffAccess: (record) => {
      audit.push(record);
      return Promise.resolve();
    },
  };
  const service = defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
  const addContact = (userId: string, email: string) =>
    contacts.set(userId, {
      userId,
      email,
      displayName: email,
      locale: 'en',
      emailVerified: true,
      phoneVerified: true,
    });
  return { service, contacts, audit, emails, addContact };
}

/** A clock the test moves. */
export function testClock(start = '2026-11-26T12:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advanceDays: (days: number) => {
      current += days * 86_400_000;
    },
  };
}

/** Builds user management with the stand-in identity, a test clock and a fresh object store directory. */
export async function startKycApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    settings?: Parameters<typeof configureKycForTest>[1]['settings'];
  } = {},
) {
  const issuer = await createTestTokenIssuer();
  const identity = identityStandIn();
  const clock = testClock();
  const storeDir = mkdtempSync(join(tmpdir(), 'kyc-test-objects-'));
  const store: ObjectStore = createFilesystemObjectStore(storeDir);
  let kyc: KycService | undefined;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...options.env });
  const { app, composed, events } = await buildServiceTestApp({
    services: [identity.service, userManagementService],
    mount: [userManagementService.name],
    database,
    auth: issuer.verifier,
    config,
    beforeMount: (services) => {
      configureKycForTest(services.contextOf(userManagementService.name), {
        now: clock.now,
        store,
        ...(options.settings ? { settings: options.settings } : {}),
        onBuilt: (built) => {
          kyc = built;
        },
      });
    },
  });
  await app.ready();
  const customers = composed.clients.get(USER_MANAGEMENT_CLIENT) as UserManagementService;
  const context = composed.contextOf(userManagementService.name);
  return {
    app,
    issuer,
    identity,
    clock,
    store,
    storeDir,
    customers,
    events,
    context,
    kyc: () => {
      if (!kyc) {
        throw new Error('the KYC service was not built');
      }
      return kyc;
    },
  };
}

/** A small PNG (signature, then filler: the server checks the signature, not the picture). */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(120, 7),
]);
/** A small JPEG (SOI and an APP0 marker, then filler). */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
/** A small WebP (RIFF....WEBP). */
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(60, 1),
]);

/** ICAO 9303 part 3, 4.9: a field's check digit. */
export function checkDigit(value: string): string {
  const weights = [7, 3, 1];
  let total = 0;
  for (const [index, character] of [...value].entries()) {
    const code = character.charCodeAt(0);
    const digit =
      character === '<' ? 0 : code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : 0;
    total += digit * (weights[index % 3] ?? 0);
  }
  return String(total % 10);
}

/**
 * A passport's zone (TD3, 2 lines of 44) with correct check digits: the ICAO specimen with a real state code
 * (the specimen's UTO is no state and `mrz` refuses it) and the dates given (YYMMDD).
 */
export function passportMrz(options: {
  lastName?: string;
  firstNames?: string;
  number?: string;
  state?: string;
  birth?: string;
  sex?: 'M' | 'F';
  expiry?: string;
}): [string, string] {
  const state = options.state ?? 'NLD';
  const name = `${options.lastName ?? 'ERIKSSON'}<<${(options.firstNames ?? 'ANNA MARIA').replace(/ /g, '<')}`;
  const line1 = `P<${state}${name}`.padEnd(44, '<').slice(0, 44);
  const number = (options.number ?? 'L898902C3').padEnd(9, '<');
  const birth = options.birth ?? '740812';
  const expiry = options.expiry ?? '340415';
  const personal = 'ZE184226B'.padEnd(14, '<');
  const part1 = `${number}${checkDigit(number)}`;
  const part2 = `${birth}${checkDigit(birth)}`;
  const part3 = `${expiry}${checkDigit(expiry)}`;
  const part4 = `${personal}${checkDigit(personal)}`;
  const composite = checkDigit(`${part1}${part2}${part3}${part4}`);
  const line2 = `${part1}${state}${part2}${options.sex ?? 'F'}${part3}${part4}${composite}`;
  return [line1, line2];
}

/** A complete level-2 application for a passport holder born 1974-08-12 (the specimen). */
export const COMPLETE_LEVEL_2 = {
  targetLevel: 2,
  personal: { firstName: 'Anna Maria', lastName: 'Eriksson', birthDate: '1974-08-12', nationality: 'NLD' },
  address: { line1: 'Keizersgracht 1', postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
  document: {
    type: 'passport',
    issuingCountry: 'NLD',
    number: 'L898902C3',
    expiryDate: '2034-04-15',
    mrzLines: passportMrz({}),
  },
  dueDiligence: {
    purpose: 'investing',
    yearlyVolumeBand: '10000_to_50000',
    sourceOfIncome: 'salary',
    politicallyExposed: false,
  },
} as const;
