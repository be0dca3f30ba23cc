/**
 * Abuse resistance: bad input to every operation is refused with Cognito's error and changes nothing; brute force
 * is throttled per account and per address; no answer tells whether an account exists; tokens of one user or
 * from another issuer get nothing.
 */
import { ForgotPasswordCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { throttleKeys, throttleRules } from './modules/abuse/throttle.ts';
import { operations } from './modules/protocol/operations.ts';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

describeEachDatabase('identity abuse resistance', ({ createDatabase }) => {
  let identity: IdentityHarness;
  let address = 0;
  /** A fresh client address per test (X-Forwarded-For behind TRUST_PROXY), so address limits do not leak. */
  const newIp = () => {
    address += 1;
    return { 'x-forwarded-for': `203.0.113.${address}` };
  };

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  const errorOf = async (response: Response) => ({
    status: response.status,
    header: response.headers.get('x-amzn-errortype'),
    body: (await response.json()) as { __type: string; message: string },
  });
  const countRows = async () => {
    const tables = ['users', 'sessions', 'codes', 'devices', 'refresh_tokens', 'challenges'] as const;
    return Promise.all(
      tables.map((table) =>
        identity.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
  };

  it('answers an empty or malformed body to every operation with InvalidParameterException and changes nothing', async () => {
    const before = await countRows();
    for (const name of Object.keys(operations)) {
      const response = await identity.call(
        name,
        { AccessToken: 123, ClientId: ['x'], Username: null },
        newIp(),
      );
      const { status, header, body } = await errorOf(response);
      expect(status, name).toBe(400);
      expect(header, name).toBe('InvalidParameterException:');
      expect(body.__type, name).toBe('InvalidParameterException');
    }
    expect(await countRows()).toEqual(before);
  });

  it("speaks Cognito's protocol at the edges: unknown operation, bad JSON, CORS, garbage tokens", async () => {
    expect((await errorOf(await identity.call('StealEverything', {}))).body.__type).toBe(
      'UnknownOperationException',
    );
    expect((await errorOf(await identity.call('GetUser', '{"AccessToken":'))).body.__type).toBe(
      'SerializationException',
    );
    const preflight = await fetch(`${identity.baseUrl}/identity/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-amz-target,content-type,amz-sdk-request',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('amz-sdk-invocation-id');
    const garbage = await errorOf(await identity.call('GetUser', { AccessToken: 'not.a.token' }));
    expect(garbage.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });

  it('refuses an access token signed by another key, or an id token used as an access token', async () => {
    const email = uniqueEmail('forge');
    const password = strongPassword();
    const sub = await identity.signUpConfirmed(email, password);
    const tokens = (await identity.passwordAuth(email, password)).AuthenticationResult!;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      token_use: 'access',
      client_id: identity.clientId,
      scope: 'aws.cognito.signin.user.admin',
      username: sub,
      origin_jti: crypto.randomUUID(),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setSubject(sub)
      .setIssuer(
        identity.config.identity.issuer ??
          (await identity.app.inject('/.well-known/openid-configuration')).json<{ issuer: string }>().issuer,
      )
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    for (const token of [forged, tokens.IdToken!]) {
      const { body } = await errorOf(await identity.call('GetUser', { AccessToken: token }));
      expect(body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
      await expect(identity.verifier.verifyAccessToken(token)).rejects.toThrow();
    }
  });

  it('throttles password guessing per account: "Password attempts exceeded", even for the right password', async () => {
    const email = uniqueEmail('brute');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const ip = newIp();
    const attempt = (candidate: string) =>
      identity.call(
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: identity.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: candidate },
        },
        ip,
      );
    for (let index = 0; index < 6; index += 1) {
      expect((await errorOf(await attempt(`Wr0ng-guess!${index}`))).body.message).toBe(
        'Incorrect username or password.',
      );
    }
    const locked = await attempt(password);
    expect(await errorOf(locked)).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const failures = await identity.db
      .selectFrom('audit_events')
      .select('outcome')
      .where('event', '=', 'sign_in')
      .where('outcome', '=', 'failure')
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  const signIn = (email: string, password: string, ip: Record<string, string>) =>
    identity.call(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: identity.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      ip,
    );
  /** Puts `key` at the edge of its limit, as that many earlier requests would have (fast, no argon2). */
  const fillCounter = async (key: string, count: number) => {
    await identity.db
      .insertInto('throttles')
      .values({ key, failures: count, window_started_at: new Date(), locked_until: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: count, window_started_at: new Date() }))
      .execute();
  };

  it('31 wrong passwords on one account from an address do not stop another account signing in from that address (issue #13, defect 4)', async () => {
    const office = newIp();
    const clumsy = uniqueEmail('clumsy');
    const colleague = uniqueEmail('colleague');
    const colleaguePassword = strongPassword();
    const clumsyPassword = strongPassword();
    await identity.signUpConfirmed(clumsy, clumsyPassword);
    await identity.signUpConfirmed(colleague, colleaguePassword);
    const answers: string[] = [];
    for (let index = 0; index < 31; index += 1) {
      answers.push((await errorOf(await signIn(clumsy, `Wr0ng-guess!${index}`, office))).body.message);
    }
    expect(answers.slice(0, throttleRules.signInPair.limit)).toEqual(
      Array(throttleRules.signInPair.limit).fill('Incorrect username or password.'),
    );
    expect(answers.at(-1)).toBe('Password attempts exceeded');
    // A colleague behind the same address signs in; so does the clumsy account's owner from home.
    const colleagueSignIn = await signIn(colleague, colleaguePassword, office);
    expect(colleagueSignIn.status).toBe(200);
    expect(await colleagueSignIn.json()).toHaveProperty('AuthenticationResult.AccessToken');
    expect((await signIn(clumsy, clumsyPassword, newIp())).status).toBe(200);
    // The address is not locked: an account that does not exist still gets the ordinary answer.
    expect((await errorOf(await signIn(uniqueEmail('nobody'), 'Wr0ng-guess!', office))).body.message).toBe(
      'Incorrect username or password.',
    );
  });

  it('locks an account guessed from many addresses, even for the right password from a new one', async () => {
    const email = uniqueEmail('botnet');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    for (let index = 0; index <= throttleRules.signInAccount.limit; index += 1) {
      await signIn(email, `Wr0ng-guess!${index}`, newIp());
    }
    expect(await errorOf(await signIn(email, password, newIp()))).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
    });
  });

  it('throttles an address trying accounts that do not exist, and then answers every account alike', async () => {
    const ip = newIp();
    const email = uniqueEmail('behind-sprayer');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    // Wrong passwords of existing accounts do not count against the address...
    await signIn(email, 'Wr0ng-password!', ip);
    const key = throttleKeys.ip('sign-in-unknown', ip['x-forwarded-for']!);
    expect(
      await identity.db.selectFrom('throttles').select('key').where('key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
    // ...misses do, up to the NAT-sized limit.
    await fillCounter(key, throttleRules.signInUnknownIp.limit);
    expect((await errorOf(await signIn(uniqueEmail('spray'), 'Spr4y-password!', ip))).body.__type).toBe(
      'NotAuthorizedException',
    );
    const sprayed = await signIn(uniqueEmail('spray'), 'Spr4y-password!', ip);
    expect((await errorOf(sprayed)).body.__type).toBe('TooManyRequestsException');
    expect(Number(sprayed.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lock says nothing about which accounts exist: a real one gets the same answer.
    expect((await errorOf(await signIn(email, password, ip))).body.__type).toBe('TooManyRequestsException');
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const email = uniqueEmail('known');
    await identity.signUpConfirmed(email, strongPassword());
    const wrong = await errorOf(
      await identity.call(
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: identity.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: 'Wr0ng-password!' },
        },
        newIp(),
      ),
    );
    const unknown = await errorOf(
      await identity.call(
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: identity.clientId,
          AuthParameters: { USERNAME: uniqueEmail('ghost'), PASSWORD: 'Wr0ng-password!' },
        },
        newIp(),
      ),
    );
    expect(unknown).toEqual(wrong);
  });

  it('ForgotPassword and SignUp answer alike whether or not the account exists; the owner is told by e-mail', async () => {
    const email = uniqueEmail('exists');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const known = await identity.client.send(
      new ForgotPasswordCommand({ ClientId: identity.clientId, Username: email }),
    );
    const ghost = uniqueEmail('exists');
    const unknown = await identity.client.send(
      new ForgotPasswordCommand({ ClientId: identity.clientId, Username: ghost }),
    );
    expect(unknown.CodeDeliveryDetails).toEqual(known.CodeDeliveryDetails);

    const again = await identity.client.send(
      new SignUpCommand({ ClientId: identity.clientId, Username: email, Password: strongPassword() }),
    );
    expect(again.UserConfirmed).toBe(false);
    expect(again.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    expect((await identity.latestMessage(email))?.subject).toBe('Someone tried to sign up with your e-mail');
    expect((await identity.passwordAuth(email, password)).AuthenticationResult).toBeDefined();
  });

  it('burns a confirmation code after 5 wrong guesses, then answers like an unknown e-mail', async () => {
    const email = uniqueEmail('codes');
    await identity.client.send(
      new SignUpCommand({ ClientId: identity.clientId, Username: email, Password: strongPassword() }),
    );
    const code = await identity.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (username: string, confirmationCode: string) =>
      identity.call(
        'ConfirmSignUp',
        { ClientId: identity.clientId, Username: username, ConfirmationCode: confirmationCode },
        newIp(),
      );
    for (let index = 0; index < 5; index += 1) {
      expect((await errorOf(await confirm(email, wrong))).body.__type).toBe('CodeMismatchException');
    }
    const burnt = await errorOf(await confirm(email, code));
    expect(burnt).toEqual(await errorOf(await confirm(uniqueEmail('nobody'), code)));
    expect(burnt.body.__type).toBe('CodeMismatchException');
    const user = await identity.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('UNCONFIRMED');
  });

  it('reset codes do not tell which e-mails have an account: burnt, expired, wrong and unknown answer alike (issue #13, defect 4)', async () => {
    const email = uniqueEmail('reset-enum');
    await identity.signUpConfirmed(email, strongPassword());
    const reset = (username: string, confirmationCode: string) =>
      identity.call(
        'ConfirmForgotPassword',
        {
          ClientId: identity.clientId,
          Username: username,
          ConfirmationCode: confirmationCode,
          Password: strongPassword(),
        },
        newIp(),
      );
    const answerOf = async (response: Response) => ({
      ...(await errorOf(response)),
      retryAfter: response.headers.get('retry-after'),
    });
    expect(
      (await identity.call('ForgotPassword', { ClientId: identity.clientId, Username: email }, newIp()))
        .status,
    ).toBe(200);
    const code = await identity.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const unknown = await answerOf(await reset(uniqueEmail('reset-ghost'), wrong));
    expect(unknown.body.__type).toBe('CodeMismatchException');
    for (let index = 0; index < 5; index += 1) {
      expect(await answerOf(await reset(email, wrong))).toEqual(unknown);
    }
    // Sixth guess: the code is burnt. Before the fix this was LimitExceededException, for existing accounts only.
    expect(await answerOf(await reset(email, code))).toEqual(unknown);
    expect(await answerOf(await reset(email, wrong))).toEqual(unknown);

    // An expired code (ExpiredCodeException before, for existing accounts only) answers alike too.
    await identity.call('ForgotPassword', { ClientId: identity.clientId, Username: email }, newIp());
    const fresh = await identity.latestCode(email);
    await identity.db
      .updateTable('codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'forgot_password')
      .where('destination', '=', email)
      .execute();
    expect(await answerOf(await reset(email, fresh))).toEqual(unknown);
  });

  it('an office signs up and resets passwords for many accounts from one address, within the NAT-sized limit (issue #13, defect 4)', async () => {
    const office = newIp();
    const accounts = Array.from({ length: 25 }, () => uniqueEmail('office'));
    for (const email of accounts) {
      const signUp = await identity.call(
        'SignUp',
        { ClientId: identity.clientId, Username: email, Password: strongPassword() },
        office,
      );
      expect(signUp.status, email).toBe(200);
    }
    for (const email of accounts) {
      const forgot = await identity.call(
        'ForgotPassword',
        { ClientId: identity.clientId, Username: email },
        office,
      );
      expect(forgot.status, email).toBe(200);
    }
    // The address limit still exists, sized for a shared address: past it, the address waits.
    await fillCounter(throttleKeys.ip('send', office['x-forwarded-for']!), throttleRules.sendIp.limit);
    const refused = await identity.call(
      'ForgotPassword',
      { ClientId: identity.clientId, Username: uniqueEmail('office') },
      office,
    );
    expect((await errorOf(refused)).body.__type).toBe('TooManyRequestsException');
  });

  it('limits codes sent to one account (no mail bombing): LimitExceededException', async () => {
    const email = uniqueEmail('bomb');
    await identity.signUpConfirmed(email, strongPassword());
    const send = () =>
      identity.call('ForgotPassword', { ClientId: identity.clientId, Username: email }, newIp());
    // The sign-up and its confirmation code already counted one.
    for (let index = 0; index < 4; index += 1) {
      expect((await send()).status).toBe(200);
    }
    const refused = await errorOf(await send());
    expect(refused.body.__type).toBe('LimitExceededException');
  });

  it('enforces the password policy, naming the broken rule', async () => {
    const cases: Array<[string, string]> = [
      ['Sh0rt!', 'Password not long enough'],
      ['nouppercase1!', 'Password must have uppercase characters'],
      ['NOLOWERCASE1!', 'Password must have lowercase characters'],
      ['NoDigits-here!', 'Password must have numeric characters'],
      ['NoSymbols123abc', 'Password must have symbol characters'],
    ];
    for (const [password, rule] of cases) {
      const { body } = await errorOf(
        await identity.call(
          'SignUp',
          { ClientId: identity.clientId, Username: uniqueEmail('policy'), Password: password },
          newIp(),
        ),
      );
      expect(body).toEqual({
        __type: 'InvalidPasswordException',
        message: `Password did not conform with policy: ${rule}`,
      });
    }
  });

  it('refuses an unknown app client', async () => {
    const { body } = await errorOf(
      await identity.call(
        'SignUp',
        { ClientId: 'someone-else', Username: uniqueEmail('client'), Password: strongPassword() },
        newIp(),
      ),
    );
    expect(body.__type).toBe('ResourceNotFoundException');
  });
});
