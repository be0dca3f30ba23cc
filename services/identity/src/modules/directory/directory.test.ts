import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from '../../testing/harness.ts';
import { createIdentityDirectory } from './directory.ts';

describeEachDatabase('identity directory for other services', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('finds a confirmed customer by e-mail whatever the case and spaces, with the name to confirm', async () => {
    const email = uniqueEmail('payee');
    const userId = await identity.signUpConfirmed(email, strongPassword(), {
      given_name: 'Zoé',
      family_name: 'Payee',
    });
    const directory = createIdentityDirectory(identity.db);
    await expect(directory.lookupCustomerByEmail(`  ${email.toUpperCase()} `)).resolves.toEqual({
      userId,
      displayName: 'Zoé Payee',
    });
    await expect(directory.getContact(userId)).resolves.toMatchObject({
      userId,
      email,
      locale: 'en',
      emailVerified: true,
      phoneVerified: false,
    });
  });

  it('never finds unknown, unconfirmed or staff users by e-mail', async () => {
    const directory = createIdentityDirectory(identity.db);
    await expect(directory.lookupCustomerByEmail(uniqueEmail('nobody'))).resolves.toBeNull();
    await expect(directory.lookupCustomerByEmail('')).resolves.toBeNull();
    const pending = uniqueEmail('pending');
    const signUp = await identity.call('SignUp', {
      ClientId: identity.clientId,
      Username: pending,
      Password: strongPassword(),
      UserAttributes: [{ Name: 'email', Value: pending }],
    });
    expect(signUp.status).toBe(200);
    await expect(directory.lookupCustomerByEmail(pending)).resolves.toBeNull();
    const staff = uniqueEmail('agent');
    const staffId = await identity.signUpConfirmed(staff, strongPassword());
    await identity.db
      .updateTable('users')
      .set({ groups: JSON.stringify(['support_agent']) as never })
      .where('id', '=', staffId)
      .execute();
    await expect(directory.lookupCustomerByEmail(staff)).resolves.toBeNull();
    await expect(directory.getContact('not-an-id')).resolves.toBeNull();
  });

  it('queues a verification outcome e-mail in the customer’s language, never to staff or unknown users', async () => {
    const email = uniqueEmail('verified');
    const userId = await identity.signUpConfirmed(email, strongPassword());
    await identity.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', userId).execute();
    const directory = createIdentityDirectory(identity.db);
    const before = await identity.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await directory.emailCustomer?.(userId, 'kycMoreInfoRequested');
    await directory.emailCustomer?.('not-an-id', 'kycApproved');
    const sent = await identity.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ channel: 'email', locale: 'fr' });
    expect(sent.subject).toBe('Il nous faut plus d’informations pour vérifier votre identité');
    expect(sent.body).toContain('Vérification d’identité');
    const after = await identity.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
  });

  it('queues a notification e-mail in the customer’s language with its amount on one bounded line, and a sign-up time', async () => {
    const email = uniqueEmail('notified');
    const userId = await identity.signUpConfirmed(email, strongPassword());
    await identity.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', userId).execute();
    const directory = createIdentityDirectory(identity.db);
    await directory.emailCustomer?.(
      userId,
      'notificationBalanceBelow',
      `100.00 EUR\r\nBcc: x@y${'z'.repeat(200)}`,
    );
    const sent = await identity.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ channel: 'email', locale: 'fr', subject: 'Alerte de solde' });
    expect(sent.body).toContain('sous 100.00 EUR Bcc: x@y');
    expect(sent.body).not.toMatch(/[\r\n]/);
    expect(sent.body).not.toContain('z'.repeat(100));
    const contact = await directory.getContact(userId);
    expect(Number.isNaN(Date.parse(contact?.signedUpAt ?? ''))).toBe(false);
  });
});
