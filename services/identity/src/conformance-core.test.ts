/**
 * Conformance of the core flows with the AWS SDK's Cognito client (the same calls aws-amplify makes): sign-up,
 * confirmation, password sign-in, GetUser, both refreshes, sign-out and revocation as the platform verifier sees it.
 */
import {
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

describeEachDatabase('identity core flows', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  async function signUpAndConfirm(email: string, password: string) {
    const signUp = await identity.client.send(
      new SignUpCommand({
        ClientId: identity.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'phone_number', Value: '+33611223344' },
        ],
      }),
    );
    const code = await identity.latestCode(email);
    await identity.client.send(
      new ConfirmSignUpCommand({ ClientId: identity.clientId, Username: email, ConfirmationCode: code }),
    );
    return signUp;
  }

  async function signIn(email: string, password: string) {
    const result = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return result.AuthenticationResult!;
  }

  it('signs up, confirms with the mailed code, signs in and reads the user', async () => {
    const email = uniqueEmail('core');
    const password = strongPassword();
    const signUp = await signUpAndConfirm(email, password);
    expect(signUp.UserConfirmed).toBe(false);
    expect(signUp.CodeDeliveryDetails).toEqual({
      Destination: expect.stringMatching(/^c\*\*\*@e\*\*\*$/),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });

    const tokens = await signIn(email, password);
    expect(tokens.TokenType).toBe('Bearer');
    expect(tokens.ExpiresIn).toBe(900);
    expect(tokens.RefreshToken).toBeTruthy();
    expect(tokens.NewDeviceMetadata?.DeviceKey).toMatch(/^eu-west-1_/);

    const user = await identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    const attributes = Object.fromEntries(user.UserAttributes!.map((a) => [a.Name, a.Value]));
    expect(attributes).toMatchObject({
      email,
      email_verified: 'true',
      phone_number: '+33611223344',
      phone_number_verified: 'false',
      sub: signUp.UserSub,
    });
    expect(user.Username).toBe(signUp.UserSub);
  });

  it("issues tokens with Cognito's claims that the platform verifier accepts", async () => {
    const email = uniqueEmail('claims');
    const password = strongPassword();
    await signUpAndConfirm(email, password);
    const tokens = await signIn(email, password);
    const access = decodeJwt(tokens.AccessToken!);
    const id = decodeJwt(tokens.IdToken!);
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: identity.clientId,
      scope: 'aws.cognito.signin.user.admin',
      iss: expect.stringContaining('/identity/eu-west-1_tessera'),
    });
    for (const claim of ['sub', 'origin_jti', 'event_id', 'auth_time', 'exp', 'iat', 'jti', 'username']) {
      expect(access[claim], claim).toBeDefined();
    }
    expect(access.exp! - access.iat!).toBe(900);
    expect(id).toMatchObject({
      token_use: 'id',
      aud: identity.clientId,
      email,
      email_verified: true,
      'cognito:username': access['username'],
      origin_jti: access['origin_jti'],
    });
    const principal = await identity.verifier.verifyAccessToken(tokens.AccessToken!);
    expect(principal).toMatchObject({
      userId: access.sub,
      clientId: identity.clientId,
      originJti: access['origin_jti'],
    });
    await expect(identity.verifier.verifyAccessToken(tokens.IdToken!)).rejects.toThrow(
      'Invalid Access Token',
    );
  });

  it('refreshes with REFRESH_TOKEN_AUTH (no rotation) and GetTokensFromRefreshToken (rotation) from one store', async () => {
    const email = uniqueEmail('refresh');
    const password = strongPassword();
    await signUpAndConfirm(email, password);
    const tokens = await signIn(email, password);
    const viaInitiate = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(viaInitiate.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(viaInitiate.AuthenticationResult?.RefreshToken).toBeUndefined();
    expect(decodeJwt(viaInitiate.AuthenticationResult!.AccessToken!)['origin_jti']).toBe(
      decodeJwt(tokens.AccessToken!)['origin_jti'],
    );

    const rotated = await identity.client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: identity.clientId,
        RefreshToken: tokens.RefreshToken!,
      }),
    );
    const newRefresh = rotated.AuthenticationResult!.RefreshToken!;
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(tokens.RefreshToken);
    const again = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { REFRESH_TOKEN: newRefresh },
      }),
    );
    expect(again.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('refuses a reused rotated refresh token after the grace period and ends its session', async () => {
    const email = uniqueEmail('reuse');
    const password = strongPassword();
    await signUpAndConfirm(email, password);
    const tokens = await signIn(email, password);
    const rotated = await identity.client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: identity.clientId,
        RefreshToken: tokens.RefreshToken!,
      }),
    );
    // Age the rotation past the 10-second grace period, as if an attacker replayed the old token later.
    await identity.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .where('rotated_at', 'is not', null)
      .execute();
    await expect(
      identity.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: identity.clientId,
          RefreshToken: tokens.RefreshToken!,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await expect(
      identity.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: identity.clientId,
          RefreshToken: rotated.AuthenticationResult!.RefreshToken!,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await expect(identity.verifier.verifyAccessToken(tokens.AccessToken!)).rejects.toThrow(
      'Access Token has been revoked',
    );
  });

  it('GlobalSignOut revokes every session: the platform verifier, GetUser and refresh all refuse at once', async () => {
    const email = uniqueEmail('signout');
    const password = strongPassword();
    await signUpAndConfirm(email, password);
    const first = await signIn(email, password);
    const second = await signIn(email, password);
    await identity.verifier.verifyAccessToken(first.AccessToken!);
    await identity.client.send(new GlobalSignOutCommand({ AccessToken: first.AccessToken }));
    for (const tokens of [first, second]) {
      await expect(identity.verifier.verifyAccessToken(tokens.AccessToken!)).rejects.toThrow(
        'Access Token has been revoked',
      );
      await expect(
        identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken })),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      await expect(
        identity.client.send(
          new InitiateAuthCommand({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: identity.clientId,
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    }
  });

  it('RevokeToken ends only that session, and answers alike for an unknown token', async () => {
    const email = uniqueEmail('revoke');
    const password = strongPassword();
    await signUpAndConfirm(email, password);
    const revoked = await signIn(email, password);
    const kept = await signIn(email, password);
    await identity.client.send(
      new RevokeTokenCommand({ ClientId: identity.clientId, Token: revoked.RefreshToken }),
    );
    await identity.client.send(new RevokeTokenCommand({ ClientId: identity.clientId, Token: 'not-a-token' }));
    await expect(identity.verifier.verifyAccessToken(revoked.AccessToken!)).rejects.toThrow(
      'Access Token has been revoked',
    );
    await expect(identity.verifier.verifyAccessToken(kept.AccessToken!)).resolves.toMatchObject({
      username: expect.any(String),
    });
  });
});
