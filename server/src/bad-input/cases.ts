/**
 * Builds the bad-input cases of every route, deterministically: the same routes give the same cases in the same
 * order, so a failure names a case that can be sent again. Hostile values go in one place at a time (one path
 * parameter, one query parameter, one body field), the rest of the request staying plausible.
 */
import type { z } from 'zod';
import {
  badPagination,
  hostileBodyValues,
  type HostileQueryValue,
  hostileQueryValues,
  hostileSegments,
  type HostileValue,
} from './hostile-values.ts';
import type { RegisteredRoute } from './route-catalog.ts';
import {
  type CustomerSample,
  genericBodyFields,
  genericQueryFields,
  routeKnowledge,
  sampleParam,
} from './route-knowledge.ts';

/**
 * How a route answers errors, so the suite knows which shape to expect:
 * - `json`: `{ error: { code } }` with a code of docs/api.md;
 * - `cognito`: the identity endpoint, `{ __type }` with a name of docs/api.md's identity table;
 * - `oauth`: `/oauth2/token`, RFC 6749 section 5.2 `{ error }`;
 * - `page`: a page for a browser (HTML, a redirect, a static file) or a websocket's upgrade route (a plain GET
 *   is answered by @fastify/websocket itself; frames are tested by the socket suites): never a 500, nothing changed.
 */
export type RouteKind = 'json' | 'cognito' | 'oauth' | 'page';

/**
 * How many values each place gets: `bounded` (npm test) sends every hostile text and every number written as a
 * string (amounts are strings) to every field, 1 MB once per route, and rotates the JSON numbers and wrong types
 * over the fields (each still reaches every route); `full` (the long run) sends every value everywhere.
 */
export type CaseBudget = 'bounded' | 'full';

/** Of the JSON numbers and wrong types, how many each field gets in a bounded run (rotating over the fields). */
const rotatedValuesPerField = 3;

/** The values field number `index` of a route gets (see {@link CaseBudget}); anonymous callers never get 1 MB. */
export function valuesForField<Value extends { readonly large?: boolean }>(
  values: readonly Value[],
  index: number,
  options: { budget: CaseBudget; signedIn: boolean; isText: (value: Value) => boolean },
): Value[] {
  const allowed = values.filter(
    (value) => !value.large || (options.signedIn && (options.budget === 'full' || index === 0)),
  );
  if (options.budget === 'full') {
    return allowed;
  }
  const always = allowed.filter(options.isText);
  const rest = allowed.filter((value) => !options.isText(value));
  const rotated = Array.from(
    { length: Math.min(rotatedValuesPerField, rest.length) },
    (_, k) => rest[(index * rotatedValuesPerField + k) % rest.length]!,
  );
  return [...always, ...rotated];
}

/** Text of any kind, numbers written as strings included: sent to every field of a bounded run. */
const isHostileText = (value: HostileValue) =>
  typeof value.value === 'string' && !/^-?[0-9.e]+$/.test(value.value);

/** One request of the suite. */
export interface BadInputCase {
  readonly route: RegisteredRoute;
  readonly kind: RouteKind;
  /** Where the hostile value went and which it was, e.g. `body.amount: 10^40 as string`. */
  readonly label: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload?: string;
  /** Sent with the demo customer's bearer token (otherwise anonymous). */
  readonly signedIn: boolean;
}

/**
 * Routes that are not inputs of their own: HEAD is GET without a body (Fastify answers it from the GET route),
 * OPTIONS answers CORS preflights before any handler runs.
 */
export function isCovered(route: RegisteredRoute): boolean {
  return route.method !== 'HEAD' && route.method !== 'OPTIONS';
}

/** Browser pages and static files: not JSON APIs, but still never a 500. */
const pageRoutes = [
  /^(GET|POST) \/oauth2\/authorize$/,
  /^GET \/logout$/,
  /^GET \/dev\/mailbox$/,
  /^(GET|POST) \/processor-sim\/3ds\/:challengeId$/,
  /\.(css|txt|xml)$/,
  /^GET \/console/,
  /^GET \/lang\//,
  /^GET \/\*?$/,
  /^GET .*\*$/,
  /^GET \/api\/[a-z-]+\/ws$/,
  /^GET \/api\/docs(\/|$)/,
  // The PeerJS server's REST calls speak PeerJS (text; the spec's 401 text on /peers), not the platform's errors.
  /^GET \/assist\/:key\/(id|peers)$/,
];

/** The kind of a route (see {@link RouteKind}). */
export function routeKind(route: RegisteredRoute): RouteKind {
  if (/^POST \/identity\/?$/.test(route.key)) {
    return 'cognito';
  }
  if (route.key === 'POST /oauth2/token') {
    return 'oauth';
  }
  return pageRoutes.some((pattern) => pattern.test(route.key)) ? 'page' : 'json';
}

/**
 * A free-text search (`q`) rightly takes numbers as text ("1e308" is a search like any other), and bytes that are
 * not UTF-8: Fastify's query parser leaves them as they were sent, so the service searches for the plain ASCII
 * `%ED%A0%80`. Its other hostile text (NUL, controls, bidi overrides, 1 MB) must still be refused.
 */
function freeTextTakes(field: string, hostile: HostileQueryValue): boolean {
  return field === 'q' && (/^-?[0-9.e]+$/.test(hostile.encoded) || hostile.name === 'lone surrogate bytes');
}

/** The text a server would see, or the raw text when it does not decode (then no schema is asked). */
function decodeURIComponentOrRaw(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** True when `schema`'s field `name` takes `value` as it is: then it is not a bad input for that field. */
function fieldAccepts(schema: z.ZodType | undefined, name: string, value: unknown): boolean {
  const shape = objectShape(schema);
  const field = shape?.[name];
  return field !== undefined && field.safeParse(value).success;
}

/** The fields of an object schema (the first option of a union of objects). */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  const definition = (
    schema as { def?: { shape?: unknown; options?: z.ZodType[]; type?: string } } | undefined
  )?.def;
  if (definition?.shape) {
    return definition.shape as Record<string, z.ZodType>;
  }
  if (definition?.options?.[0]) {
    return objectShape(definition.options[0]);
  }
  if (definition?.type === 'pipe' || definition?.type === 'default') {
    return objectShape((definition as unknown as { in?: z.ZodType; innerType?: z.ZodType }).in);
  }
  return undefined;
}

/** Fixed identifiers so the cases are the same on every run; POSTs get a fresh key each (see {@link sendCase}). */
const jsonHeaders = { 'content-type': 'application/json' };

/** Builds `route`'s cases for a signed-in caller (`signedIn`) or an anonymous one. */
export function casesOf(
  route: RegisteredRoute,
  sample: CustomerSample,
  signedIn: boolean,
  budget: CaseBudget = 'bounded',
): BadInputCase[] {
  const kind = routeKind(route);
  if (kind === 'cognito') {
    return cognitoCases(route, signedIn, budget);
  }
  const cases: BadInputCase[] = [];
  const make = (label: string, url: string, payload?: string, headers: Record<string, string> = {}) => {
    cases.push({ route, kind, label, url, signedIn, headers, ...(payload === undefined ? {} : { payload }) });
  };
  const knowledge = routeKnowledge[route.key] ?? {};
  const path = (overrides: Record<string, string> = {}) =>
    route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => overrides[name] ?? sampleParam(name, sample));

  route.params.forEach((param, index) => {
    const segments = valuesForField(hostileSegments, index, {
      budget,
      signedIn,
      isText: (segment) => segment.text === true,
    });
    for (const hostile of segments) {
      make(`path :${param}: ${hostile.name}`, path({ [param]: hostile.segment }));
    }
  });
  if (route.method === 'GET') {
    queryCases(route.querySchema ?? knowledge.querySchema, { signedIn, budget }, (label, query) =>
      make(label, `${path()}?${query}`),
    );
  }
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
    const base = knowledge.sampleBody?.(sample) ?? {};
    if (kind === 'oauth') {
      oauthCases((label, form) =>
        make(label, path(), form, { 'content-type': 'application/x-www-form-urlencoded' }),
      );
    } else {
      bodyCases(base, route.bodySchema ?? knowledge.bodySchema, { signedIn, budget }, (label, body) =>
        make(label, path(), body, jsonHeaders),
      );
      shapeCases((label, body, headers) => make(label, path(), body, headers));
    }
  }
  return cases;
}

function queryCases(
  schema: z.ZodType | undefined,
  options: { signedIn: boolean; budget: CaseBudget },
  make: (label: string, query: string) => void,
): void {
  const shape = objectShape(schema);
  const fields = shape && Object.keys(shape).length > 0 ? Object.keys(shape) : genericQueryFields;
  fields.forEach((field, index) => {
    const values = valuesForField(hostileQueryValues, index, {
      ...options,
      isText: (value) => !/^-?[0-9.e]+$/.test(value.encoded),
    });
    for (const hostile of values) {
      if (
        freeTextTakes(field, hostile) ||
        fieldAccepts(schema, field, decodeURIComponentOrRaw(hostile.encoded))
      ) {
        continue;
      }
      make(`query ${field}: ${hostile.name}`, `${encodeURIComponent(field)}=${hostile.encoded}`);
    }
    if (index === 0 || options.budget === 'full') {
      make(`query ${field}: repeated (an array)`, `${field}=a&${field}=b`);
    }
  });
  for (const pagination of badPagination) {
    make(`query pagination: ${pagination.name}`, new URLSearchParams(pagination.query).toString());
  }
  make('query: unknown parameter', 'zzUnknown=1');
}

function bodyCases(
  base: Record<string, unknown>,
  schema: z.ZodType | undefined,
  options: { signedIn: boolean; budget: CaseBudget },
  make: (label: string, body: string) => void,
): void {
  const shape = objectShape(schema);
  const fields = shape ? Object.keys(shape) : [...new Set([...Object.keys(base), ...genericBodyFields])];
  fields.forEach((field, index) => {
    for (const hostile of valuesForField(hostileBodyValues, index, { ...options, isText: isHostileText })) {
      if (!fieldAccepts(schema, field, hostile.value)) {
        make(`body.${field}: ${hostile.name}`, JSON.stringify({ ...base, [field]: hostile.value }));
      }
    }
  });
  nestedCases(base, options.signedIn, make);
  for (const field of Object.keys(base)) {
    const required = shape?.[field] ? !shape[field].safeParse(undefined).success : true;
    if (required) {
      const { [field]: _removed, ...rest } = base;
      make(`body.${field}: missing`, JSON.stringify(rest));
    }
  }
  make('body: every field missing', '{}');
  make('body: extra field', JSON.stringify({ ...base, zzExtra: 'x' }));
}

/** Hostile values inside the objects and arrays of the base body (Cognito's AuthParameters, a list of ids). */
function nestedCases(
  base: Record<string, unknown>,
  signedIn: boolean,
  make: (label: string, body: string) => void,
) {
  // Text only, without 1 MB: inside objects the risk is text that reaches a lookup or a log unchecked.
  const nestedValues = hostileBodyValues.filter(
    (value) => isHostileText(value) && !value.large && !/^-?[0-9.e]+$/.test(String(value.value)),
  );
  for (const [field, value] of Object.entries(base)) {
    if (Array.isArray(value) && value.length > 0) {
      for (const hostile of nestedValues) {
        make(`body.${field}[0]: ${hostile.name}`, JSON.stringify({ ...base, [field]: [hostile.value] }));
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        for (const hostile of nestedValues) {
          const nested = { ...(value as Record<string, unknown>), [key]: hostile.value };
          make(`body.${field}.${key}: ${hostile.name}`, JSON.stringify({ ...base, [field]: nested }));
        }
      }
    }
  }
}

/** Bodies that are not an object, not JSON, or of another content type. */
function shapeCases(make: (label: string, body: string, headers: Record<string, string>) => void): void {
  for (const [name, body] of [
    ['an array', '[]'],
    ['a string', '"text"'],
    ['null', 'null'],
    ['a number', '1e308'],
    ['not JSON', '{"a":'],
    ['prototype pollution', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'],
  ] as const) {
    make(`body: ${name}`, body, jsonHeaders);
  }
  make('body: text/plain', 'hello', { 'content-type': 'text/plain' });
}

/** /oauth2/token's form fields with hostile values (the form has no types: text and sizes only). */
function oauthCases(make: (label: string, form: string) => void): void {
  const base = {
    grant_type: 'authorization_code',
    code: 'probe-code',
    client_id: 'web-client',
    redirect_uri: 'http://localhost:3000/',
    code_verifier: 'v'.repeat(43),
  };
  for (const field of [...Object.keys(base), 'refresh_token']) {
    for (const hostile of hostileQueryValues) {
      const others = new URLSearchParams(Object.entries(base).filter(([name]) => name !== field));
      make(`form ${field}: ${hostile.name}`, `${others.toString()}&${field}=${hostile.encoded}`);
    }
  }
  make(
    'form: refresh grant with a hostile token',
    new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'a\u0000b',
      client_id: 'web-client',
    }).toString(),
  );
}

/** The members each Cognito operation takes; the suite sets each to a hostile value in turn. */
const cognitoMembers: Readonly<Record<string, Record<string, unknown>>> = {
  SignUp: {
    ClientId: 'web-client',
    Username: 'probe@example.com',
    Password: 'Probe-Pass-2026!',
    UserAttributes: [{ Name: 'email', Value: 'probe@example.com' }],
  },
  ConfirmSignUp: { ClientId: 'web-client', Username: 'probe@example.com', ConfirmationCode: '123456' },
  ResendConfirmationCode: { ClientId: 'web-client', Username: 'probe@example.com' },
  ForgotPassword: { ClientId: 'web-client', Username: 'probe@example.com' },
  ConfirmForgotPassword: {
    ClientId: 'web-client',
    Username: 'probe@example.com',
    ConfirmationCode: '123456',
    Password: 'Probe-Pass-2026!',
  },
  InitiateAuth: {
    ClientId: 'web-client',
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: 'probe@example.com', PASSWORD: 'Probe-Pass-2026!' },
  },
  RespondToAuthChallenge: {
    ClientId: 'web-client',
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: 'probe-session',
    ChallengeResponses: { USERNAME: 'probe@example.com', SOFTWARE_TOKEN_MFA_CODE: '123456' },
  },
  GetTokensFromRefreshToken: { ClientId: 'web-client', RefreshToken: 'probe-refresh' },
  RevokeToken: { ClientId: 'web-client', Token: 'probe-refresh' },
  UpdateUserAttributes: { AccessToken: 'probe', UserAttributes: [{ Name: 'given_name', Value: 'Ana' }] },
  DeleteUserAttributes: { AccessToken: 'probe', UserAttributeNames: ['given_name'] },
  GetUserAttributeVerificationCode: { AccessToken: 'probe', AttributeName: 'email' },
  VerifyUserAttribute: { AccessToken: 'probe', AttributeName: 'email', Code: '123456' },
  ChangePassword: {
    AccessToken: 'probe',
    PreviousPassword: 'Probe-Pass-2026!',
    ProposedPassword: 'Probe-Pass-2027!',
  },
  VerifySoftwareToken: { AccessToken: 'probe', UserCode: '123456' },
  ConfirmDevice: { AccessToken: 'probe', DeviceKey: 'eu-west-1_probe', DeviceName: 'phone' },
  GetDevice: { AccessToken: 'probe', DeviceKey: 'eu-west-1_probe' },
  ListDevices: { AccessToken: 'probe', Limit: 10 },
  ForgetDevice: { AccessToken: 'probe', DeviceKey: 'eu-west-1_probe' },
  UpdateDeviceStatus: {
    AccessToken: 'probe',
    DeviceKey: 'eu-west-1_probe',
    DeviceRememberedStatus: 'remembered',
  },
  AdminCreateUser: {
    AccessToken: 'probe',
    Username: 'probe@example.com',
    TemporaryPassword: 'Probe-Pass-2026!',
  },
};

/** The Cognito operations the identity endpoint serves (from docs/api.md); set before the cases are built. */
let cognitoOperations: readonly string[] = [];

/** Sets the operations {@link cognitoCases} covers. */
export function setCognitoOperations(operations: readonly string[]): void {
  cognitoOperations = operations;
}

/**
 * The identity endpoint serves many operations behind one route: each gets its hostile members. The access
 * tokens in these bodies are never a real one, so no case can sign the demo customer out or delete them.
 */
function cognitoCases(route: RegisteredRoute, signedIn: boolean, budget: CaseBudget): BadInputCase[] {
  const cases: BadInputCase[] = [];
  for (const operation of cognitoOperations) {
    const headers = {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    };
    const base = cognitoMembers[operation] ?? { AccessToken: 'probe' };
    const make = (label: string, payload: string) =>
      cases.push({
        route,
        kind: 'cognito',
        label: `${operation} ${label}`,
        url: route.url,
        headers,
        payload,
        signedIn,
      });
    Object.keys(base).forEach((member, index) => {
      for (const hostile of valuesForField(hostileBodyValues, index, {
        signedIn,
        budget,
        isText: isHostileText,
      })) {
        make(`${member}: ${hostile.name}`, JSON.stringify({ ...base, [member]: hostile.value }));
      }
    });
    nestedCases(base, signedIn, make);
    make('every member missing', '{}');
    make('not JSON', '{"a":');
  }
  cases.push({
    route,
    kind: 'cognito',
    label: 'unknown operation with a NUL',
    url: route.url,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.X',
    },
    payload: JSON.stringify({ Username: 'a\u0000b' }),
    signedIn,
  });
  return cases;
}

export type { HostileValue };
