/**
 * Test support: the identity service on a fresh database, listening on a random loopback port, with the AWS SDK's
 * Cognito client pointed at it (the conformance client of the wire protocol) and the platform verifier the
 * server would build. Never imported by runtime code.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  buildServiceApp,
  type Config,
  type Database,
  type Environment,
  loadConfig,
  type ServiceDefinition,
  type TokenVerifier,
} from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { type IdentityDb, IDENTITY_SCHEMA } from '../database.ts';
import { hotp, newTotpSecret, totpStep } from '../modules/mfa/totp.ts';
import { hashPassword } from '../modules/users/passwords.ts';
import { createIdentityTokenVerifier, identityService } from '../service.ts';

/** A running identity service for a test suite. */
export interface IdentityHarness {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly db: IdentityDb;
  readonly baseUrl: string;
  readonly client: CognitoIdentityProviderClient;
  readonly clientId: string;
  readonly verifier: TokenVerifier;
  /** The latest outbox message to `recipient` (what the dev mailbox shows). */
  latestMessage(recipient: string): Promise<{ subject: string; body: string; channel: string } | undefined>;
  /** The 6-digit code in the latest message to `recipient`. */
  latestCode(recipient: string): Promise<string>;
  /** Signs a user up and confirms them with the mailed code; returns their sub. */
  signUpConfirmed(email: string, password: string, attributes?: Record<string, string>): Promise<string>;
  /** InitiateAuth USER_PASSWORD_AUTH. */
  passwordAuth(email: string, password: string, deviceKey?: string): Promise<InitiateAuthCommandOutput>;
  /** POSTs a protocol operation with fetch (raw status, headers and body). */
  call(operation: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** The AWS SDK's Cognito client pointed at the service. */
function sdkClient(baseUrl: string): CognitoIdentityProviderClient {
  const client = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: `${baseUrl}/identity/`,
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
  // Each SDK request comes from its own documentation-range address (X-Forwarded-For, trusted here), so the
  // per-address throttles of one suite do not add up across its tests; abuse tests set addresses themselves.
  let sdkAddress = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      sdkAddress += 1;
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) {
        request.headers['x-forwarded-for'] =
          `198.51.${Math.floor(sdkAddress / 250) % 250}.${(sdkAddress % 250) + 1}`;
      }
      return next(args);
    },
    { step: 'build', name: 'testClientAddress' },
  );
  return client;
}

/** Starts the service on `database` with `env` added to a test config. */
export async function startIdentity(database: Database, env: Environment = {}): Promise<IdentityHarness> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env });
  const verifier = createIdentityTokenVerifier(config, database);
  // Through the composition root, as production builds it, but without the demo seed: the suites test the protocol
  // on a pool holding only the users they create (the seed is tested where the server starts).
  const { seed: _demoSeed, ...withoutSeed } = identityService;
  const { app } = await buildServiceApp({
    services: [withoutSeed satisfies ServiceDefinition],
    config,
    database,
    auth: verifier,
    // Each SDK request comes from its own address (X-Forwarded-For), see sdkClient.
    trustProxy: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const db = database.db.withSchema(IDENTITY_SCHEMA) as unknown as IdentityDb;
  const client = sdkClient(baseUrl);
  const latestMessage = async (recipient: string) =>
    db
      .selectFrom('outbox')
      .select(['subject', 'body', 'channel'])
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const latestCode = async (recipient: string) => {
    const message = await latestMessage(recipient);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) {
      throw new Error(`No code was sent to ${recipient}.`);
    }
    return code;
  };
  const clientId = config.identity.userPoolClientId;
  return {
    app,
    config,
    db,
    baseUrl,
    client,
    clientId,
    verifier,
    latestMessage,
    latestCode,
    async signUpConfirmed(email, password, attributes = {}) {
      const UserAttributes = Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
      const result = await client.send(
        new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes }),
      );
      const code = await latestCode(email);
      await client.send(
        new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
      );
      return result.UserSub!;
    },
    passwordAuth: (email, password, deviceKey) =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: {
            USERNAME: email,
            PASSWORD: password,
            ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}),
          },
        }),
      ),
    call: (operation, body, headers = {}) =>
      fetch(`${baseUrl}/identity`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      client.destroy();
      (verifier as { close?: () => void }).close?.();
      await app.close();
    },
  };
}

/** A password that meets the policy, unique per call. */
let passwordCounter = 0;
export function strongPassword(): string {
  passwordCounter += 1;
  return `Str0ng-Passw0rd!${passwordCounter}`;
}

/** A unique e-mail. */
let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${Date.now().toString(36)}@example.test`;
}

/** A new staff member of `group` with TOTP enrolled, signed in (password, then the code); their id and token. */
export async function staffSignedIn(
  identity: IdentityHarness,
  group: string,
): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail(group);
  const password = strongPassword();
  const secret = newTotpSecret();
  const id = crypto.randomUUID();
  await identity.db
    .insertInto('users')
    .values({
      id,
      email,
      email_verified: true,
      phone_number: null,
      password_hash: await hashPassword(password),
      status: 'CONFIRMED',
      groups: JSON.stringify([group]),
      attributes: JSON.stringify({}),
      totp_secret: secret,
      totp_pending_secret: null,
      totp_enabled: true,
      preferred_mfa: 'SOFTWARE_TOKEN_MFA',
      locale: 'en',
    })
    .execute();
  const started = await identity.passwordAuth(email, password);
  const done = await identity.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: identity.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: hotp(secret, totpStep()) },
    }),
  );
  const token = done.AuthenticationResult?.AccessToken;
  if (!token) {
    throw new Error(`The ${group} could not sign in: ${started.ChallengeName ?? 'no challenge'}`);
  }
  return { id, email, token };
}
