/**
 * Conformance of MFA with the AWS SDK's client: TOTP setup and sign-in, SMS MFA, SELECT_MFA_TYPE, MFA_SETUP for
 * staff, NEW_PASSWORD_REQUIRED for staff-created users, challenge sessions that expire, and the step-up
 * (CUSTOM_CHALLENGE) that money movements require.
 */
import {
  AssociateSoftwareTokenCommand,
  type ChallengeNameType,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { throttleRules } from './modules/abuse/throttle.ts';
import { hotp, totpStep } from './modules/mfa/totp.ts';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

describeEachDatabase('identity MFA and step-up', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  const respond = (
    ChallengeName: string,
    Session: string | undefined,
    ChallengeResponses: Record<string, string>,
  ) =>
    identity.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: identity.clientId,
        ChallengeName: ChallengeName as ChallengeNameType,
        Session,
        ChallengeResponses,
      }),
    );

  /** Signs in without MFA and sets up TOTP (verified, enabled, preferred); returns the secret and the tokens. */
  async function userWithTotp(email: string, password: string) {
    await identity.signUpConfirmed(email, password);
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    const { SecretCode } = await identity.client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }),
    );
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    const verified = await identity.client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: tokens.AccessToken,
        UserCode: hotp(SecretCode!, totpStep()),
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await identity.client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { secret: SecretCode!, tokens };
  }

  /** Verifies the user's phone number by the SMS code and turns SMS MFA on. */
  async function enableSms(accessToken: string, phone: string) {
    await identity.client.send(
      new GetUserAttributeVerificationCodeCommand({
        AccessToken: accessToken,
        AttributeName: 'phone_number',
      }),
    );
    const code = await identity.latestCode(phone);
    await identity.client.send(
      new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'phone_number', Code: code }),
    );
    await identity.client.send(
      new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SMSMfaSettings: { Enabled: true } }),
    );
  }

  it('TOTP: setup, then sign-in asks SOFTWARE_TOKEN_MFA; a wrong or replayed code is refused', async () => {
    const email = uniqueEmail('totp');
    const password = strongPassword();
    const { secret, tokens } = await userWithTotp(email, password);
    const user = await identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    const started = await identity.passwordAuth(email, password);
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.AuthenticationResult).toBeUndefined();
    await expect(
      respond('SOFTWARE_TOKEN_MFA', started.Session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: '000000' }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // The setup used the current step: the next step's code is the one an authenticator shows soon after.
    const code = hotp(secret, totpStep() + 1);
    const done = await respond('SOFTWARE_TOKEN_MFA', started.Session, {
      USERNAME: email,
      SOFTWARE_TOKEN_MFA_CODE: code,
    });
    expect(decodeJwt(done.AuthenticationResult!.AccessToken!)['amr']).toEqual(['pwd', 'otp', 'mfa']);

    const replay = await identity.passwordAuth(email, password);
    await expect(
      respond('SOFTWARE_TOKEN_MFA', replay.Session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });

  it('SMS MFA: the code goes through the outbox as an SMS to the verified number', async () => {
    const email = uniqueEmail('sms');
    const password = strongPassword();
    const phone = '+33655500011';
    await identity.signUpConfirmed(email, password, { phone_number: phone });
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    await enableSms(tokens.AccessToken!, phone);

    const started = await identity.passwordAuth(email, password);
    expect(started.ChallengeName).toBe('SMS_MFA');
    expect(started.ChallengeParameters).toMatchObject({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
      CODE_DELIVERY_DESTINATION: '+*******0011',
    });
    expect((await identity.latestMessage(phone))?.channel).toBe('sms');
    const done = await respond('SMS_MFA', started.Session, {
      USERNAME: email,
      SMS_MFA_CODE: await identity.latestCode(phone),
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('SELECT_MFA_TYPE when both methods are on and none is preferred', async () => {
    const email = uniqueEmail('select');
    const password = strongPassword();
    const phone = '+33655500022';
    const { secret, tokens } = await userWithTotp(email, password);
    await identity.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    await identity.db.updateTable('users').set({ phone_number: phone }).where('email', '=', email).execute();
    await enableSms(tokens.AccessToken!, phone);
    await identity.client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      }),
    );
    const started = await identity.passwordAuth(email, password);
    expect(started.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(started.ChallengeParameters!['MFAS_CAN_CHOOSE']!)).toEqual([
      'SMS_MFA',
      'SOFTWARE_TOKEN_MFA',
    ]);
    await expect(
      respond('SELECT_MFA_TYPE', started.Session, { USERNAME: email, ANSWER: 'EMAIL_OTP' }),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    const chosen = await respond('SELECT_MFA_TYPE', started.Session, {
      USERNAME: email,
      ANSWER: 'SOFTWARE_TOKEN_MFA',
    });
    expect(chosen.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const done = await respond('SOFTWARE_TOKEN_MFA', chosen.Session, {
      USERNAME: email,
      SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep() + 1),
    });
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('MFA_SETUP: staff without MFA set up TOTP inside the sign-in', async () => {
    const email = uniqueEmail('staff');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    await identity.db
      .updateTable('users')
      .set({ groups: JSON.stringify(['support_agent']) })
      .where('email', '=', email)
      .execute();
    const started = await identity.passwordAuth(email, password);
    expect(started.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(started.ChallengeParameters!['MFAS_CAN_SETUP']!)).toEqual(['SOFTWARE_TOKEN_MFA']);
    await expect(respond('MFA_SETUP', started.Session, { USERNAME: email })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    const associated = await identity.client.send(
      new AssociateSoftwareTokenCommand({ Session: started.Session }),
    );
    const verified = await identity.client.send(
      new VerifySoftwareTokenCommand({
        Session: associated.Session,
        UserCode: hotp(associated.SecretCode!, totpStep()),
        FriendlyDeviceName: 'phone',
      }),
    );
    const done = await respond('MFA_SETUP', verified.Session, { USERNAME: email });
    const access = decodeJwt(done.AuthenticationResult!.AccessToken!);
    expect(access['cognito:groups']).toEqual(['support_agent']);
    expect(access['amr']).toContain('mfa');
  });

  it('a challenge Session expires, and is dropped after 5 wrong answers', async () => {
    const email = uniqueEmail('expiry');
    const password = strongPassword();
    const { secret } = await userWithTotp(email, password);
    const expired = await identity.passwordAuth(email, password);
    await identity.db
      .updateTable('challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await expect(
      respond('SOFTWARE_TOKEN_MFA', expired.Session, {
        USERNAME: email,
        SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep() + 1),
      }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });

    const guessed = await identity.passwordAuth(email, password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        respond('SOFTWARE_TOKEN_MFA', guessed.Session, {
          USERNAME: email,
          SOFTWARE_TOKEN_MFA_CODE: '111111',
        }),
      ).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await expect(
      respond('SOFTWARE_TOKEN_MFA', guessed.Session, {
        USERNAME: email,
        SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep() + 1),
      }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a thief with the password cannot keep guessing authenticator codes through fresh challenges (issue #13, defect 4)', async () => {
    const email = uniqueEmail('totp-guess');
    const password = strongPassword();
    const { secret } = await userWithTotp(email, password);
    // Each request comes from another address (the harness's client), so only the per-user count can stop this.
    let wrongAnswers = 0;
    let session: string | undefined;
    while (wrongAnswers <= throttleRules.codeAccount.limit) {
      session = (await identity.passwordAuth(email, password)).Session;
      for (let attempt = 0; attempt < 5 && wrongAnswers <= throttleRules.codeAccount.limit; attempt += 1) {
        await expect(
          respond('SOFTWARE_TOKEN_MFA', session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: '111111' }),
        ).rejects.toMatchObject({ name: 'CodeMismatchException' });
        wrongAnswers += 1;
      }
    }
    await expect(
      respond('SOFTWARE_TOKEN_MFA', (await identity.passwordAuth(email, password)).Session, {
        USERNAME: email,
        SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep() + 1),
      }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('NEW_PASSWORD_REQUIRED: an admin creates a user, who must choose a password that meets the policy', async () => {
    const adminEmail = uniqueEmail('admin');
    const adminPassword = strongPassword();
    const { secret } = await userWithTotp(adminEmail, adminPassword);
    await identity.db
      .updateTable('users')
      .set({ groups: JSON.stringify(['admin']) })
      .where('email', '=', adminEmail)
      .execute();
    const started = await identity.passwordAuth(adminEmail, adminPassword);
    const admin = await respond('SOFTWARE_TOKEN_MFA', started.Session, {
      USERNAME: adminEmail,
      SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep() + 1),
    });

    const newEmail = uniqueEmail('created');
    const created = await identity.call('AdminCreateUser', {
      AccessToken: admin.AuthenticationResult!.AccessToken,
      Username: newEmail,
    });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { User: { UserStatus: string } }).User.UserStatus).toBe(
      'FORCE_CHANGE_PASSWORD',
    );
    const temporary = /temporary password (\S+);/.exec((await identity.latestMessage(newEmail))!.body)![1]!;

    const customer = uniqueEmail('customer');
    const customerPassword = strongPassword();
    await identity.signUpConfirmed(customer, customerPassword);
    const customerToken = (await identity.passwordAuth(customer, customerPassword)).AuthenticationResult!
      .AccessToken;
    const refused = await identity.call('AdminCreateUser', {
      AccessToken: customerToken,
      Username: uniqueEmail('nope'),
    });
    expect(refused.headers.get('x-amzn-errortype')).toBe('ForbiddenException:');

    const challenge = await identity.passwordAuth(newEmail, temporary);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(JSON.parse(challenge.ChallengeParameters!['requiredAttributes']!)).toEqual([]);
    await expect(
      respond('NEW_PASSWORD_REQUIRED', challenge.Session, { USERNAME: newEmail, NEW_PASSWORD: 'short' }),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    const chosen = strongPassword();
    const done = await respond('NEW_PASSWORD_REQUIRED', challenge.Session, {
      USERNAME: newEmail,
      NEW_PASSWORD: chosen,
      'userAttributes.given_name': 'Noa',
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await identity.passwordAuth(newEmail, chosen)).AuthenticationResult).toBeDefined();
  });

  it('step-up: CUSTOM_AUTH with the access token and an e-mailed code gives a recent auth_time and amr mfa, no refresh token', async () => {
    const email = uniqueEmail('stepup');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    await identity.db
      .updateTable('sessions')
      .set({ auth_time: new Date(Date.now() - 3_600_000) })
      .execute();
    const refreshed = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    const before = decodeJwt(refreshed.AuthenticationResult!.AccessToken!);
    expect(Date.now() / 1000 - (before['auth_time'] as number)).toBeGreaterThan(3000);

    await expect(
      identity.client.send(
        new InitiateAuthCommand({
          AuthFlow: 'CUSTOM_AUTH',
          ClientId: identity.clientId,
          AuthParameters: { USERNAME: email },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    const started = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { USERNAME: email, ACCESS_TOKEN: tokens.AccessToken! },
      }),
    );
    expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(started.ChallengeParameters).toMatchObject({
      METHOD: 'EMAIL_OTP',
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
    });
    await expect(
      respond('CUSTOM_CHALLENGE', started.Session, { USERNAME: email, ANSWER: '999999' }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const done = await respond('CUSTOM_CHALLENGE', started.Session, {
      USERNAME: email,
      ANSWER: await identity.latestCode(email),
    });
    expect(done.AuthenticationResult?.RefreshToken).toBeUndefined();
    const stepped = decodeJwt(done.AuthenticationResult!.AccessToken!);
    expect(Math.abs(Date.now() / 1000 - (stepped['auth_time'] as number))).toBeLessThan(10);
    expect(stepped['amr']).toEqual(expect.arrayContaining(['pwd', 'mfa']));
    expect(stepped['origin_jti']).toBe(before['origin_jti']);
    const principal = await identity.verifier.verifyAccessToken(done.AuthenticationResult!.AccessToken!);
    expect(Date.now() / 1000 - principal.authTimeS).toBeLessThan(300);
  });

  it('step-up asks a TOTP user for the authenticator code', async () => {
    const email = uniqueEmail('stepup-totp');
    const password = strongPassword();
    const { secret, tokens } = await userWithTotp(email, password);
    const started = await identity.client.send(
      new InitiateAuthCommand({
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { USERNAME: email, ACCESS_TOKEN: tokens.AccessToken! },
      }),
    );
    expect(started.ChallengeParameters?.['METHOD']).toBe('SOFTWARE_TOKEN_MFA');
    const done = await respond('CUSTOM_CHALLENGE', started.Session, {
      USERNAME: email,
      ANSWER: hotp(secret, totpStep() + 1),
    });
    expect(decodeJwt(done.AuthenticationResult!.AccessToken!)['amr']).toEqual(
      expect.arrayContaining(['otp', 'mfa']),
    );
  });
});
