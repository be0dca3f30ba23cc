/**
 * Issue #13, defect 3: "U+0000 and lone surrogates give 500s in the identity service". PostgreSQL refuses NUL in
 * text and lone surrogates in jsonb, so such a value reaching a query was a 500, which Amplify and the AWS SDK
 * retry three times. Every string member of every operation (found by walking the operation's schema, so a new
 * member is covered without editing this file) must be refused with Cognito's InvalidParameterException (400)
 * before anything is written; the hosted login's query and form inputs must be refused with a 4xx.
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import type { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operations } from './modules/protocol/operations.ts';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

/** The values that broke the database: NUL alone and inside text, lone high and low surrogates. */
const hostileValues = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y'] as const;
/**
 * The same in a URL or a form body, percent-encoded by hand. A lone surrogate cannot travel in UTF-8: its bytes
 * (ED A0 80) and other invalid UTF-8 arrive as U+FFFD or undecoded, harmless, and only need to be answered
 * without a 500; a NUL arrives as it is and must be refused.
 */
const hostileEncoded: ReadonlyArray<readonly [encoded: string, refused: boolean]> = [
  ['%00', true],
  ['a%00b', true],
  ['%ED%A0%80', false],
  ['x%ED%B0%80y', false],
  ['%C0%80', false],
  ['%FF', false],
];

/** A query string or form body with `name` set to the raw (already encoded) `encoded`. */
function encodedWith(fields: Record<string, string>, name: string, encoded: string): string {
  const others = new URLSearchParams(Object.entries(fields).filter(([key]) => key !== name)).toString();
  return `${others}&${name}=${encoded}`;
}

/** A marker in a path: the key (not the value) of a record member. */
const KEY = Symbol('record key');
type Path = Array<string | number | typeof KEY>;

/** A valid value for every member of `schema`, and the path of every string in it (record keys included). */
function sampleOf(schema: z.ZodType, path: Path, strings: Path[]): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([name, member]) => [name, sampleOf(member, [...path, name], strings)]),
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
      return sampleOf(def['innerType'] as z.ZodType, path, strings);
    case 'pipe':
      return sampleOf(def['in'] as z.ZodType, path, strings);
    case 'string':
      strings.push(path);
      // Six characters meet every minimum (UserCode is exactly six).
      return 'abcdef';
    case 'array':
      return [sampleOf(def['element'] as z.ZodType, [...path, 0], strings)];
    case 'record':
      strings.push([...path, KEY]);
      return { abcdef: sampleOf(def['valueType'] as z.ZodType, [...path, 'abcdef'], strings) };
    case 'enum':
      return Object.values(def['entries'] as Record<string, string>)[0];
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      throw new Error(`The walker does not know zod type ${def.type} at ${path.map(String).join('.')}`);
  }
}

/** A copy of `sample` with the string at `path` replaced by `value`. */
function withValue(sample: unknown, path: Path, value: string): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const [index, step] of path.entries()) {
    const last = index === path.length - 1;
    if (step === KEY) {
      throw new Error('a record key is always last');
    }
    const next = path[index + 1];
    if (last) {
      node[step] = value;
    } else if (next === KEY) {
      const record = node[step] as Record<string, unknown>;
      node[step] = { [value]: record['abcdef'] };
      return copy;
    } else {
      node = node[step] as Record<string | number, unknown>;
    }
  }
  return copy;
}

describeEachDatabase('identity hostile text (issue #13, defect 3)', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase(), {
      IDENTITY_OAUTH_REDIRECT_URIS: 'https://app.example/',
    });
  });
  afterAll(async () => {
    await identity?.close();
  });

  const tables = [
    'users',
    'sessions',
    'codes',
    'devices',
    'refresh_tokens',
    'challenges',
    'outbox',
    'throttles',
    'audit_events',
    'authorization_codes',
  ] as const;
  const countRows = () =>
    Promise.all(
      tables.map(async (table) => {
        const row = await identity.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );

  it('NUL and lone surrogates in any string member of any operation answer InvalidParameterException and change nothing', async () => {
    const before = await countRows();
    let tried = 0;
    for (const [name, operation] of Object.entries(operations)) {
      const strings: Path[] = [];
      const sample = sampleOf(operation.schema, [], strings);
      expect(strings.length, name).toBeGreaterThan(0);
      for (const path of strings) {
        for (const value of hostileValues) {
          const label = `${name} ${path.map((step) => (step === KEY ? '<key>' : String(step))).join('.')} ${JSON.stringify(value)}`;
          const response = await identity.call(name, withValue(sample, path, value), {
            'x-forwarded-for': `192.0.2.${(tried % 250) + 1}`,
          });
          tried += 1;
          const body = (await response.json()) as { __type: string; message: string };
          expect(response.status, label).toBe(400);
          expect(response.headers.get('x-amzn-errortype'), label).toBe('InvalidParameterException:');
          expect(body.__type, label).toBe('InvalidParameterException');
          // The message names the member, never the value sent.
          expect(body.message, label).not.toContain(value);
        }
      }
    }
    expect(tried).toBeGreaterThan(200);
    expect(await countRows()).toEqual(before);
  });

  it('text outside Latin-1 echoed in an error does not break the error header (no 500)', async () => {
    const response = await identity.call('SignUp', {
      ClientId: 'client-€-日本',
      Username: uniqueEmail('latin'),
      Password: strongPassword(),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException:');
    const record = await identity.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: 'x@example.test', PASSWORD: 'p', 'ключ-€': 'value' },
    });
    expect(record.status).toBe(400);
  });

  it('a username or attribute with NUL or a lone surrogate is refused where Amplify sends it (SignUp, InitiateAuth, ForgotPassword)', async () => {
    const email = uniqueEmail('nul');
    const cases: Array<[string, object]> = [
      ['SignUp', { ClientId: identity.clientId, Username: `${email}\u0000`, Password: strongPassword() }],
      [
        'SignUp',
        {
          ClientId: identity.clientId,
          Username: email,
          Password: strongPassword(),
          UserAttributes: [{ Name: 'name', Value: 'Ada \ud800' }],
        },
      ],
      [
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: identity.clientId,
          AuthParameters: { USERNAME: `${email}\u0000`, PASSWORD: strongPassword() },
        },
      ],
      ['ForgotPassword', { ClientId: identity.clientId, Username: `\ud800${email}` }],
    ];
    for (const [operation, body] of cases) {
      const response = await identity.call(operation, body);
      expect(response.status, operation).toBe(400);
      expect(((await response.json()) as { __type: string }).__type, operation).toBe(
        'InvalidParameterException',
      );
    }
  });

  it('the hosted login refuses NUL and lone surrogates in its query and form inputs with a 4xx, never a 500', async () => {
    const before = await countRows();
    const query = {
      client_id: identity.clientId,
      redirect_uri: 'https://app.example/',
      response_type: 'code',
      scope: 'openid email',
      state: 'state-1',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      lang: 'en',
    };
    const page = await identity.app.inject({ url: `/oauth2/authorize?${new URLSearchParams(query)}` });
    expect(page.statusCode).toBe(200);
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const form = { ...query, csrf, username: 'someone@example.test', password: 'Wr0ng-password!' };
    for (const [value, refused] of hostileEncoded) {
      for (const name of Object.keys(query)) {
        const response = await identity.app.inject({
          url: `/oauth2/authorize?${encodedWith(query, name, value)}`,
        });
        expect(response.statusCode, `GET ${name} ${value}`).toBeLessThan(500);
        if (refused) {
          expect(response.statusCode, `GET ${name} ${value}`).toBeGreaterThanOrEqual(300);
        }
      }
      for (const name of [...Object.keys(form), 'session', 'code']) {
        const response = await identity.app.inject({
          method: 'POST',
          url: '/oauth2/authorize',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          payload: encodedWith(form, name, value),
        });
        expect(response.statusCode, `POST ${name} ${value}`).toBe(400);
      }
      const token = {
        grant_type: 'authorization_code',
        code: 'some-code',
        client_id: identity.clientId,
        redirect_uri: 'https://app.example/',
        code_verifier: 'v'.repeat(43),
        refresh_token: 'some-token',
      };
      for (const name of Object.keys(token)) {
        const response = await identity.app.inject({
          method: 'POST',
          url: '/oauth2/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encodedWith(token, name, value),
        });
        expect(response.statusCode, `token ${name} ${value}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `token ${name} ${value}`).toBeLessThan(500);
      }
      for (const name of ['client_id', 'logout_uri', 'lang']) {
        const logout = { client_id: identity.clientId, logout_uri: 'https://app.example/', lang: 'en' };
        const response = await identity.app.inject({ url: `/logout?${encodedWith(logout, name, value)}` });
        expect(response.statusCode, `logout ${name}`).toBeLessThan(500);
      }
    }
    const after = await countRows();
    // Refused sign-ins are audited and counted against the address: nothing else changes.
    const unchanged = (rows: typeof before) =>
      rows.filter(([table]) => table !== 'audit_events' && table !== 'throttles');
    expect(unchanged(after)).toEqual(unchanged(before));
  });
});
