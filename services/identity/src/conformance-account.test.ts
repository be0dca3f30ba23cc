/**
 * Conformance of the account operations with the AWS SDK's client: attributes and their verification, password
 * change and reset, user settings, and deletion.
 */
import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  SetUserSettingsCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

describeEachDatabase('identity account operations', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  async function newUser(prefix: string) {
    const email = uniqueEmail(prefix);
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    return { email, password, tokens, access: tokens.AccessToken! };
  }

  const attributesOf = async (access: string) =>
    Object.fromEntries(
      (await identity.client.send(new GetUserCommand({ AccessToken: access }))).UserAttributes!.map((a) => [
        a.Name,
        a.Value,
      ]),
    );

  it('updates attributes; a new e-mail is unverified until its code comes back', async () => {
    const { access } = await newUser('attrs');
    const newEmail = uniqueEmail('renamed');
    const updated = await identity.client.send(
      new UpdateUserAttributesCommand({
        AccessToken: access,
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'given_name', Value: 'Zoé' },
        ],
      }),
    );
    expect(updated.CodeDeliveryDetailsList).toEqual([
      { Destination: expect.any(String), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    expect(await attributesOf(access)).toMatchObject({
      email: newEmail,
      email_verified: 'false',
      given_name: 'Zoé',
    });
    await expect(
      identity.client.send(
        new VerifyUserAttributeCommand({ AccessToken: access, AttributeName: 'email', Code: '000000' }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const code = await identity.latestCode(newEmail);
    await identity.client.send(
      new VerifyUserAttributeCommand({ AccessToken: access, AttributeName: 'email', Code: code }),
    );
    expect((await attributesOf(access))['email_verified']).toBe('true');
  });

  it('refuses an e-mail another account has, sub or verification flags, and deleting the e-mail', async () => {
    const first = await newUser('taken');
    const second = await newUser('taker');
    await expect(
      identity.client.send(
        new UpdateUserAttributesCommand({
          AccessToken: second.access,
          UserAttributes: [{ Name: 'email', Value: first.email }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'AliasExistsException' });
    for (const name of ['sub', 'email_verified', 'custom:role']) {
      await expect(
        identity.client.send(
          new UpdateUserAttributesCommand({
            AccessToken: second.access,
            UserAttributes: [{ Name: name, Value: 'x' }],
          }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    }
    await expect(
      identity.client.send(
        new DeleteUserAttributesCommand({ AccessToken: second.access, UserAttributeNames: ['email'] }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    expect(await attributesOf(first.access)).toMatchObject({ email: first.email, email_verified: 'true' });
    expect((await attributesOf(second.access))['email']).toBe(second.email);
  });

  it('deletes optional attributes', async () => {
    const { access } = await newUser('delete-attrs');
    await identity.client.send(
      new UpdateUserAttributesCommand({
        AccessToken: access,
        UserAttributes: [{ Name: 'nickname', Value: 'zed' }],
      }),
    );
    await identity.client.send(
      new DeleteUserAttributesCommand({ AccessToken: access, UserAttributeNames: ['nickname'] }),
    );
    expect(await attributesOf(access)).not.toHaveProperty('nickname');
  });

  it('changes the password: the old one is checked, other sessions end, this one stays', async () => {
    const { email, password, access } = await newUser('change');
    const other = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    const next = strongPassword();
    await expect(
      identity.client.send(
        new ChangePasswordCommand({
          AccessToken: access,
          PreviousPassword: 'Wr0ng-password!',
          ProposedPassword: next,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    await expect(
      identity.client.send(
        new ChangePasswordCommand({
          AccessToken: access,
          PreviousPassword: password,
          ProposedPassword: 'weakpass',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await identity.client.send(
      new ChangePasswordCommand({ AccessToken: access, PreviousPassword: password, ProposedPassword: next }),
    );
    await expect(identity.verifier.verifyAccessToken(other.AccessToken!)).rejects.toThrow(
      'Access Token has been revoked',
    );
    await expect(identity.verifier.verifyAccessToken(access)).resolves.toBeDefined();
    await expect(identity.passwordAuth(email, password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await identity.passwordAuth(email, next)).AuthenticationResult).toBeDefined();
  });

  it('resets a forgotten password with the mailed code and ends every session', async () => {
    const { email, access } = await newUser('forgot');
    const forgot = await identity.client.send(
      new ForgotPasswordCommand({ ClientId: identity.clientId, Username: email }),
    );
    expect(forgot.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const code = await identity.latestCode(email);
    const next = strongPassword();
    await expect(
      identity.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: identity.clientId,
          Username: email,
          ConfirmationCode: code,
          Password: 'short',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await identity.client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: identity.clientId,
        Username: email,
        ConfirmationCode: code,
        Password: next,
      }),
    );
    await expect(identity.verifier.verifyAccessToken(access)).rejects.toThrow(
      'Access Token has been revoked',
    );
    expect((await identity.passwordAuth(email, next)).AuthenticationResult).toBeDefined();
    await expect(
      identity.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: identity.clientId,
          Username: email,
          ConfirmationCode: code,
          Password: strongPassword(),
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });

  it('SetUserSettings turns SMS MFA on only with a verified phone number', async () => {
    const { access } = await newUser('settings');
    await expect(
      identity.client.send(
        new SetUserSettingsCommand({
          AccessToken: access,
          MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await identity.client.send(new SetUserSettingsCommand({ AccessToken: access, MFAOptions: [] }));
  });

  it('deletes the user: tokens are refused and the e-mail can sign up again', async () => {
    const { email, password, access, tokens } = await newUser('delete');
    await identity.client.send(new DeleteUserCommand({ AccessToken: access }));
    await expect(identity.verifier.verifyAccessToken(access)).rejects.toThrow(
      'Access Token has been revoked',
    );
    await expect(identity.client.send(new GetUserCommand({ AccessToken: access }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(identity.passwordAuth(email, password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(tokens.RefreshToken).toBeTruthy();
    await identity.signUpConfirmed(email, password);
    expect((await identity.passwordAuth(email, password)).AuthenticationResult).toBeDefined();
  });
});
