/**
 * Test support (imported by tests only): user management with its real neighbours for notifications and
 * referrals (the ledger, cash operations, which publishes wallet and operation changes on the bus) and a stand-in
 * identity service that keeps the e-mails it was asked to send and answers contacts with a sign-up time.
 */
import {
  type CustomerEmailNotice,
  type IdentityDirectoryApi,
  LEDGER_CLIENT,
  type LedgerApi,
  USER_MANAGEMENT_CLIENT,
  type UserContact,
  type Wallet,
} from '@tessera/contracts';
import { type Database, defineService, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import { defineCashOperationsService, processorSimulatorService } from '@tessera/service-cash-operations';
import { ledgerService } from '@tessera/service-ledger';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { userManagementService } from '../../service.ts';
import type { UserManagementService } from '../customers/customers.service.ts';
import { testClock } from '../kyc/kyc-test-support.ts';
import { setAccountClockForTest } from './notifications.plugin.ts';

export interface SentEmail {
  readonly userId: string;
  readonly notice: CustomerEmailNotice;
  readonly value: string;
}

function identityStandIn() {
  const contacts = new Map<string, UserContact>();
  const emails: SentEmail[] = [];
  const directory: IdentityDirectoryApi = {
    emailCustomer: (userId, notice, value = '') => {
      emails.push({ userId, notice, value });
      return Promise.resolve();
    },
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: (userId) => Promise.resolve(contacts.get(userId) ?? null),
  };
  const service = defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
  return { service, contacts, emails };
}

/** Builds the app on `database`; the caller closes it. */
export async function startAccountApp(database: Database) {
  const issuer = await createTestTokenIssuer();
  const identity = identityStandIn();
  const clock = testClock(new Date().toISOString());
  const cash = defineCashOperationsService();
  const services: ServiceDefinition[] = [
    identity.service,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cash,
  ];
  const { app, composed } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [userManagementService.name, processorSimulatorService.name, cash.name],
    beforeMount: (built) => setAccountClockForTest(built.contextOf(userManagementService.name), clock.now),
  });
  await app.ready();
  const customers = composed.clients.get(USER_MANAGEMENT_CLIENT) as UserManagementService;
  const ledger: LedgerApi = composed.clients.get(LEDGER_CLIENT);

  const call = (token: string | null, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'idempotency-key': `k-${Math.random().toString(36).slice(2)}`,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A customer: a contact in identity (first name or none), level 2, a token and an EUR wallet. */
  const customer = async (email: string, givenName?: string) => {
    const userId = crypto.randomUUID();
    identity.contacts.set(userId, {
      userId,
      email,
      displayName: givenName ? `${givenName} Martin` : email.split('@')[0]!,
      locale: 'en',
      emailVerified: true,
      phoneVerified: true,
      signedUpAt: clock.now().toISOString(),
    });
    await customers.grantKycLevel(userId, 2, 'approved', 'test');
    const token = await issuer.sign(userId);
    const created = await call(token, 'POST', '/api/cash-operations/wallets', { asset: 'EUR' });
    expect([200, 201], created.body).toContain(created.statusCode);
    const wallets: Wallet[] = (await call(token, 'GET', '/api/cash-operations/wallets')).json().items;
    const eur = wallets.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')!;
    return { userId, token, eur };
  };

  /** A simulated SEPA credit to `iban` (cash operations' dev route), settled at once. */
  const sepaIn = async (token: string, iban: string, amount: string) => {
    const response = await call(token, 'POST', '/api/cash-operations/dev/sepa/incoming', {
      iban,
      amount,
      debtorName: 'Grandma',
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  return { app, issuer, identity, clock, customers, ledger, composed, call, customer, sepaIn };
}

/** Opens the user-management socket of `token` and keeps what it receives. */
export async function listen(app: { server: { address(): unknown } }, token: string) {
  const address = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/user-management/ws`);
  const received: Array<{ type: string; [key: string]: unknown }> = [];
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
  await expect.poll(() => received.some((message) => message.type === 'ready')).toBe(true);
  return { socket, received };
}
