/**
 * Conformance of remembered devices with the AWS SDK's client and a real SRP computation (testing/srp-client.ts,
 * written from aws-amplify's algorithm): ConfirmDevice, UpdateDeviceStatus, DEVICE_SRP_AUTH then
 * DEVICE_PASSWORD_VERIFIER skipping MFA only after the proof, GetDevice, ListDevices pages, ForgetDevice, and
 * another user's device being as unknown as a missing one.
 */
import {
  AssociateSoftwareTokenCommand,
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  ListDevicesCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateDeviceStatusCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hotp, totpStep } from './modules/mfa/totp.ts';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';
import { deviceSrpSession, deviceVerifier, nowString } from './testing/srp-client.ts';

describeEachDatabase('identity devices', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  /** Signs in (answering TOTP if asked) and confirms the offered device; returns what a browser keeps. */
  async function signInAndConfirmDevice(email: string, password: string, secret?: string) {
    let result = await identity.passwordAuth(email, password);
    if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      result = (await identity.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: identity.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: result.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: hotp(secret!, totpStep() + 1) },
        }),
      )) as typeof result;
    }
    const tokens = result.AuthenticationResult!;
    const { DeviceKey, DeviceGroupKey } = tokens.NewDeviceMetadata!;
    const verifier = deviceVerifier(DeviceGroupKey!, DeviceKey!);
    const confirmed = await identity.client.send(
      new ConfirmDeviceCommand({
        AccessToken: tokens.AccessToken,
        DeviceKey,
        DeviceSecretVerifierConfig: verifier.config,
        DeviceName: 'Firefox on Linux',
      }),
    );
    expect(confirmed.UserConfirmationNecessary).toBe(true);
    return {
      tokens,
      deviceKey: DeviceKey!,
      deviceGroupKey: DeviceGroupKey!,
      randomPassword: verifier.randomPassword,
    };
  }

  async function userWithTotp(email: string, password: string) {
    await identity.signUpConfirmed(email, password);
    const access = (await identity.passwordAuth(email, password)).AuthenticationResult!.AccessToken;
    const { SecretCode } = await identity.client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: access }),
    );
    await identity.client.send(
      new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: hotp(SecretCode!, totpStep() - 1) }),
    );
    await identity.client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: access,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return SecretCode!;
  }

  it('a remembered device skips MFA only after the SRP proof', async () => {
    const email = uniqueEmail('device');
    const password = strongPassword();
    const secret = await userWithTotp(email, password);
    const device = await signInAndConfirmDevice(email, password, secret);
    await identity.client.send(
      new UpdateDeviceStatusCommand({
        AccessToken: device.tokens.AccessToken,
        DeviceKey: device.deviceKey,
        DeviceRememberedStatus: 'remembered',
      }),
    );

    const started = await identity.passwordAuth(email, password, device.deviceKey);
    expect(started.ChallengeName).toBe('DEVICE_SRP_AUTH');
    const srp = deviceSrpSession();
    const verifierChallenge = await identity.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: identity.clientId,
        ChallengeName: 'DEVICE_SRP_AUTH',
        Session: started.Session,
        ChallengeResponses: { USERNAME: email, DEVICE_KEY: device.deviceKey, SRP_A: srp.srpA },
      }),
    );
    expect(verifierChallenge.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER');
    const parameters = verifierChallenge.ChallengeParameters!;
    const timestamp = nowString();
    const claim = {
      deviceGroupKey: device.deviceGroupKey,
      deviceKey: device.deviceKey,
      randomPassword: device.randomPassword,
      srpB: parameters['SRP_B']!,
      salt: parameters['SALT']!,
      secretBlock: parameters['SECRET_BLOCK']!,
      timestamp,
    };
    const answer = (signature: string) =>
      identity.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: identity.clientId,
          ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
          Session: verifierChallenge.Session,
          ChallengeResponses: {
            USERNAME: parameters['USERNAME']!,
            DEVICE_KEY: device.deviceKey,
            PASSWORD_CLAIM_SECRET_BLOCK: parameters['SECRET_BLOCK']!,
            TIMESTAMP: timestamp,
            PASSWORD_CLAIM_SIGNATURE: signature,
          },
        }),
      );
    await expect(answer(srp.sign({ ...claim, randomPassword: 'a guessed secret' }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const done = await answer(srp.sign(claim));
    const access = decodeJwt(done.AuthenticationResult!.AccessToken!);
    expect(access['amr']).toEqual(['pwd', 'swk']);
    expect(access['device_key']).toBe(device.deviceKey);
    expect(done.AuthenticationResult!.NewDeviceMetadata).toBeUndefined();
  });

  // Amplify files the device it confirms under the challenge's USERNAME and looks it up by the typed username at
  // the next sign-in; answering with the user id made every remembered device invisible to the web app.
  it('challenges echo the USERNAME the client signed in with, so Amplify finds its remembered device', async () => {
    const email = uniqueEmail('echo');
    const password = strongPassword();
    const secret = await userWithTotp(email, password);
    const typed = `  ${email.toUpperCase()} `;
    const mfa = await identity.passwordAuth(typed, password);
    expect(mfa.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(mfa.ChallengeParameters?.['USERNAME']).toBe(typed.trim());
    expect(mfa.ChallengeParameters?.['USER_ID_FOR_SRP']).toMatch(/^[0-9a-f-]{36}$/);
    const device = await signInAndConfirmDevice(email, password, secret);
    await identity.client.send(
      new UpdateDeviceStatusCommand({
        AccessToken: device.tokens.AccessToken,
        DeviceKey: device.deviceKey,
        DeviceRememberedStatus: 'remembered',
      }),
    );
    const started = await identity.passwordAuth(email, password, device.deviceKey);
    expect(started.ChallengeName).toBe('DEVICE_SRP_AUTH');
    expect(started.ChallengeParameters?.['USERNAME']).toBe(email);
    const verifierChallenge = await identity.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: identity.clientId,
        ChallengeName: 'DEVICE_SRP_AUTH',
        Session: started.Session,
        ChallengeResponses: { USERNAME: email, DEVICE_KEY: device.deviceKey, SRP_A: deviceSrpSession().srpA },
      }),
    );
    expect(verifierChallenge.ChallengeParameters?.['USERNAME']).toBe(email);
  });

  it('a device that is not remembered still asks for MFA', async () => {
    const email = uniqueEmail('not-remembered');
    const password = strongPassword();
    const secret = await userWithTotp(email, password);
    const device = await signInAndConfirmDevice(email, password, secret);
    const started = await identity.passwordAuth(email, password, device.deviceKey);
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('lists devices in pages, reads, forgets; an unknown or foreign device key is "Device does not exist."', async () => {
    const email = uniqueEmail('list');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const devices = [];
    for (let index = 0; index < 3; index += 1) {
      devices.push(await signInAndConfirmDevice(email, password));
    }
    const access = devices[2]!.tokens.AccessToken!;
    const first = await identity.client.send(new ListDevicesCommand({ AccessToken: access, Limit: 2 }));
    expect(first.Devices).toHaveLength(2);
    expect(first.PaginationToken).toBeTruthy();
    const second = await identity.client.send(
      new ListDevicesCommand({ AccessToken: access, Limit: 2, PaginationToken: first.PaginationToken }),
    );
    expect(second.Devices).toHaveLength(1);
    expect(second.PaginationToken).toBeUndefined();
    const keys = [...first.Devices!, ...second.Devices!].map((device) => device.DeviceKey);
    expect(new Set(keys)).toEqual(new Set(devices.map((device) => device.deviceKey)));
    await expect(
      identity.client.send(new ListDevicesCommand({ AccessToken: access, Limit: 61 })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });

    const got = await identity.client.send(
      new GetDeviceCommand({ AccessToken: access, DeviceKey: devices[0]!.deviceKey }),
    );
    const attributes = Object.fromEntries(got.Device!.DeviceAttributes!.map((a) => [a.Name, a.Value]));
    expect(attributes).toMatchObject({
      device_name: 'Firefox on Linux',
      'dev:device_remembered_status': 'not_remembered',
    });
    expect(got.Device!.DeviceCreateDate).toBeInstanceOf(Date);

    const other = uniqueEmail('other');
    await identity.signUpConfirmed(other, password);
    const otherAccess = (await identity.passwordAuth(other, password)).AuthenticationResult!.AccessToken;
    for (const command of [
      new GetDeviceCommand({ AccessToken: otherAccess, DeviceKey: devices[0]!.deviceKey }),
      new ForgetDeviceCommand({ AccessToken: otherAccess, DeviceKey: devices[0]!.deviceKey }),
      new UpdateDeviceStatusCommand({
        AccessToken: otherAccess,
        DeviceKey: devices[0]!.deviceKey,
        DeviceRememberedStatus: 'remembered',
      }),
    ]) {
      await expect(identity.client.send(command as never)).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Device does not exist.',
      });
    }
    await expect(identity.passwordAuth(other, password, devices[0]!.deviceKey)).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });

    await identity.client.send(
      new ForgetDeviceCommand({ AccessToken: access, DeviceKey: devices[0]!.deviceKey }),
    );
    await expect(identity.passwordAuth(email, password, devices[0]!.deviceKey)).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });
    const remaining = await identity.client.send(new ListDevicesCommand({ AccessToken: access }));
    expect(remaining.Devices).toHaveLength(2);
  });

  it('ConfirmDevice accepts only the device key offered to this session', async () => {
    const email = uniqueEmail('confirm');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    const verifier = deviceVerifier('-group', 'eu-west-1_forged');
    await expect(
      identity.client.send(
        new ConfirmDeviceCommand({
          AccessToken: tokens.AccessToken,
          DeviceKey: 'eu-west-1_forged',
          DeviceSecretVerifierConfig: verifier.config,
        }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
