/**
 * The directory's account closing (user management's POST /me/close): the password check, then disabling the
 * customer: they cannot sign in, their access token is refused at once, and another customer is untouched. And the
 * undo user management uses when its second look refuses the closing: exactly the sign-in that disabling turned
 * off comes back, the ended sessions stay ended, and a user changed since (or already disabled) is left alone.
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from '../../testing/harness.ts';
import { createIdentityDirectory } from './directory.ts';

describeEachDatabase('identity directory: closing a customer', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  }, 120_000);
  afterAll(async () => identity.close());

  it('checks the password, then disables that customer only and ends their sessions', async () => {
    const directory = createIdentityDirectory(identity.db);
    const [anaEmail, anaPassword] = [uniqueEmail('ana'), strongPassword()];
    const [leoEmail, leoPassword] = [uniqueEmail('leo'), strongPassword()];
    const ana = await identity.signUpConfirmed(anaEmail, anaPassword);
    const leoId = await identity.signUpConfirmed(leoEmail, leoPassword);
    const anaToken = (await identity.passwordAuth(anaEmail, anaPassword)).AuthenticationResult!.AccessToken!;
    const leoToken = (await identity.passwordAuth(leoEmail, leoPassword)).AuthenticationResult!.AccessToken!;
    const getUser = async (token: string) => (await identity.call('GetUser', { AccessToken: token })).status;
    expect(await getUser(anaToken)).toBe(200);

    expect(await directory.verifyCustomerPassword!(ana, anaPassword)).toBe(true);
    expect(await directory.verifyCustomerPassword!(ana, leoPassword)).toBe(false);
    expect(await directory.verifyCustomerPassword!('not-a-uuid', anaPassword)).toBe(false);

    expect(await directory.disableCustomer!(ana)).toMatchObject({ userId: ana });
    await expect(identity.passwordAuth(anaEmail, anaPassword)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(await getUser(anaToken)).toBe(400);
    expect(await directory.verifyCustomerPassword!(ana, anaPassword)).toBe(false);
    expect(await directory.lookupCustomerByEmail(anaEmail)).toBeNull();

    expect(await getUser(leoToken)).toBe(200);
    expect(await directory.verifyCustomerPassword!(leoId, leoPassword)).toBe(true);
    expect(
      (await identity.passwordAuth(leoEmail, leoPassword)).AuthenticationResult?.AccessToken,
    ).toBeTruthy();
  });

  it('enables again exactly what one disabling turned off, and nothing for a user changed or disabled before', async () => {
    const directory = createIdentityDirectory(identity.db);
    const [email, password] = [uniqueEmail('eli'), strongPassword()];
    const eli = await identity.signUpConfirmed(email, password);
    const token = (await identity.passwordAuth(email, password)).AuthenticationResult!.AccessToken!;
    const disabling = await directory.disableCustomer!(eli);
    expect(disabling).not.toBeNull();
    // Already off: a second disabling changed nothing, so it has nothing to undo.
    expect(await directory.disableCustomer!(eli)).toBeNull();

    expect(await directory.enableCustomer!(disabling!)).toBe(true);
    expect((await identity.passwordAuth(email, password)).AuthenticationResult?.AccessToken).toBeTruthy();
    expect(await directory.verifyCustomerPassword!(eli, password)).toBe(true);
    // The session the disabling ended stays ended.
    expect((await identity.call('GetUser', { AccessToken: token })).status).toBe(400);
    // Enabled already: the same undo again does nothing.
    expect(await directory.enableCustomer!(disabling!)).toBe(false);

    // Disabled, then changed by someone else (staff disabling again): the undo leaves the user disabled.
    const second = await directory.disableCustomer!(eli);
    expect(second).not.toBeNull();
    await identity.db
      .updateTable('users')
      .set({ updated_at: new Date(Date.parse(second!.disabledAt) + 1_000) })
      .where('id', '=', eli)
      .execute();
    expect(await directory.enableCustomer!(second!)).toBe(false);
    await expect(identity.passwordAuth(email, password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    // Hostile receipts are refused without a query error.
    for (const receipt of [
      { userId: 'not-a-uuid', disabledAt: second!.disabledAt },
      { userId: eli, disabledAt: 'yesterday' },
      { userId: crypto.randomUUID(), disabledAt: second!.disabledAt },
    ]) {
      expect(await directory.enableCustomer!(receipt)).toBe(false);
    }
  });
});
