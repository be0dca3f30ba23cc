import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@tessera/contracts';
import { authErrorKey } from './auth-errors.ts';
import { isInvalidSession } from './auth.ts';
import {
  canResend,
  createStepUpClient,
  STEP_UP_PROMPT_KEYS,
  StepUpError,
  stepUpErrorKey,
  type CurrentTokens,
} from './step-up.ts';

const CONFIG: RuntimeConfig = {
  services: {},
  identity: {
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_tessera',
    userPoolClientId: 'tessera-web',
    userPoolEndpoint: 'https://bank.example/identity',
    oauthDomain: null,
  },
  features: {},
};

interface Sent {
  url: string;
  target: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

/** A fake identity endpoint: answers each call with the next canned response and records what was sent. */
function fakeIdentity(
  answers: { status: number; body: unknown; errorType?: string }[],
  tokens: CurrentTokens | null = { accessToken: 'access-1', username: 'user-1' },
) {
  const sent: Sent[] = [];
  const client = createStepUpClient({
    loadConfig: async () => CONFIG,
    currentTokens: async () => tokens,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url: String(input),
        target: headers.get('x-amz-target'),
        contentType: headers.get('content-type'),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      });
      const answer = answers.shift();
      if (!answer) {
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          ...(answer.errorType ? { 'x-amzn-errortype': `${answer.errorType}:` } : {}),
        },
      });
    },
  });
  return { client, sent };
}

const challenge = (parameters: Record<string, string>) => ({
  status: 200,
  body: { ChallengeName: 'CUSTOM_CHALLENGE', Session: 'session-1', ChallengeParameters: parameters },
});

describe('startStepUp', () => {
  it('starts CUSTOM_AUTH with the username and the current access token, on the configured endpoint', async () => {
    const { client, sent } = fakeIdentity([challenge({ METHOD: 'SOFTWARE_TOKEN_MFA', USERNAME: 'user-1' })]);
    await expect(client.startStepUp()).resolves.toEqual({
      method: 'SOFTWARE_TOKEN_MFA',
      session: 'session-1',
    });
    expect(sent).toEqual([
      {
        url: 'https://bank.example/identity',
        target: 'AWSCognitoIdentityProviderService.InitiateAuth',
        contentType: 'application/x-amz-json-1.1',
        body: {
          AuthFlow: 'CUSTOM_AUTH',
          ClientId: 'tessera-web',
          AuthParameters: { USERNAME: 'user-1', ACCESS_TOKEN: 'access-1' },
        },
      },
    ]);
  });

  it('says where an SMS or e-mail code was sent', async () => {
    const { client } = fakeIdentity([
      challenge({
        METHOD: 'SMS_MFA',
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: '+*******5678',
      }),
      challenge({ METHOD: 'EMAIL_OTP', CODE_DELIVERY_DESTINATION: 'a***@e***' }),
    ]);
    await expect(client.startStepUp()).resolves.toEqual({
      method: 'SMS_MFA',
      destination: '+*******5678',
      session: 'session-1',
    });
    await expect(client.startStepUp()).resolves.toMatchObject({
      method: 'EMAIL_OTP',
      destination: 'a***@e***',
    });
  });

  it('refuses when nobody is signed in, without calling the service', async () => {
    const { client, sent } = fakeIdentity([], null);
    await expect(client.startStepUp()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
    expect(sent).toHaveLength(0);
  });

  it('turns a revoked session into the invalid-session message the app signs out on', async () => {
    const { client } = fakeIdentity([
      {
        status: 400,
        errorType: 'NotAuthorizedException',
        body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
      },
    ]);
    const failure = await client.startStepUp().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StepUpError);
    expect(failure).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    expect(isInvalidSession(failure)).toBe(true);
  });

  it('refuses an answer that is not a step-up challenge', async () => {
    const { client } = fakeIdentity([challenge({ METHOD: 'PASSWORD' })]);
    const failure = await client.startStepUp().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'UnexpectedChallenge' });
    expect(failure).toBeInstanceOf(StepUpError);
  });

  it('reports a network failure as one', async () => {
    const { client } = fakeIdentity([]);
    const failure = await client.startStepUp().catch((error: unknown) => error);
    expect(authErrorKey(failure)).toBe('errors:auth.network');
  });
});

describe('completeStepUp', () => {
  it('answers the CUSTOM_CHALLENGE with the trimmed code and returns the step-up access token', async () => {
    const { client, sent } = fakeIdentity([
      { status: 200, body: { AuthenticationResult: { AccessToken: 'step-up-token', IdToken: 'id' } } },
    ]);
    await expect(client.completeStepUp('session-1', ' 123456 ')).resolves.toBe('step-up-token');
    expect(sent[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
      body: {
        ChallengeName: 'CUSTOM_CHALLENGE',
        ClientId: 'tessera-web',
        Session: 'session-1',
        ChallengeResponses: { USERNAME: 'user-1', ANSWER: '123456' },
      },
    });
  });

  it('rejects a wrong code with CodeMismatchException, which the dialog translates', async () => {
    const { client } = fakeIdentity([
      {
        status: 400,
        errorType: 'CodeMismatchException',
        body: { __type: 'CodeMismatchException', message: 'Invalid code received for user' },
      },
    ]);
    const failure = await client.completeStepUp('session-1', '000000').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'CodeMismatchException' });
    expect(authErrorKey(failure)).toBe('auth:errors.codeMismatch');
  });

  it('reads the error name from __type when the header is missing', async () => {
    const { client } = fakeIdentity([
      { status: 400, body: { __type: 'ExpiredCodeException', message: 'Invalid code provided' } },
    ]);
    const failure = await client.completeStepUp('session-1', '000000').catch((error: unknown) => error);
    expect(authErrorKey(failure)).toBe('auth:errors.expiredCode');
  });

  it('refuses an answer without an access token', async () => {
    const { client } = fakeIdentity([
      { status: 200, body: { ChallengeName: 'CUSTOM_CHALLENGE', Session: 's' } },
    ]);
    await expect(client.completeStepUp('session-1', '123456')).rejects.toMatchObject({
      name: 'UnexpectedChallenge',
    });
  });
});

function translation(language: string, key: string): unknown {
  const [namespace, path] = key.split(':') as [string, string];
  const file = join(import.meta.dirname, '../../public/lang', language, `${namespace}.json`);
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
}

describe('StepUpDialog helpers', () => {
  it('offers to send a new code only for codes the service sends', () => {
    expect(canResend('SMS_MFA')).toBe(true);
    expect(canResend('EMAIL_OTP')).toBe(true);
    expect(canResend('SOFTWARE_TOKEN_MFA')).toBe(false);
  });

  it('has a translated prompt and label for every method, in English and French', () => {
    expect(Object.keys(STEP_UP_PROMPT_KEYS).sort()).toEqual(['EMAIL_OTP', 'SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    for (const { description, label } of Object.values(STEP_UP_PROMPT_KEYS)) {
      for (const language of ['en', 'fr']) {
        expect(translation(language, description)).toEqual(expect.any(String));
        expect(translation(language, label)).toEqual(expect.any(String));
      }
    }
  });

  it('translates a wrong code, and says plainly when the step-up could not start', () => {
    expect(stepUpErrorKey(new StepUpError('CodeMismatchException', 'Invalid code'))).toBe(
      'auth:errors.codeMismatch',
    );
    expect(stepUpErrorKey(new StepUpError('UnexpectedChallenge', ''))).toBe('auth:stepUp.unavailable');
    expect(translation('fr', 'auth:stepUp.unavailable')).toEqual(expect.any(String));
  });
});
