/**
 * The directory's account closing (user management's POST /me/close): the password check, then disabling the
 * customer: they cannot sign in, their access token is refused at once, and another customer is untouched.
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

    await directory.disableCustomer!(ana);
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
});
