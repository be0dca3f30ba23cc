/**
 * The hosted login (OAuth 2.0 authorization code with PKCE): GET/POST /oauth2/authorize (our own sign-in pages),
 * POST /oauth2/token, GET /logout. Amplify's signInWithRedirect uses them (wire protocol, "Hosted login").
 *
 * The form is protected against cross-site posting by a double-submit token (a random value in an HttpOnly,
 * SameSite=Strict cookie and in the form, compared in constant time). Passwords and codes go through the same
 * throttles as the protocol endpoint.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSafeText } from '@tessera/contracts';
import { buildCspDirectives, documentOnly } from '@tessera/platform';
import { z } from 'zod';
import type { IdentityRuntime } from '../../runtime.ts';
import { type Locale, pickLocale } from '../outbox/messages.ts';
import { authorizeFields, validateAuthorizeRequest } from './authorize-request.ts';
import { errorPage, type HostedMessage, signInPage } from './hosted-login.pages.ts';
import { continueWithCode, signInWithPassword } from './hosted-sign-in.ts';
import { oauthTokenRoutes } from './oauth-token.routes.ts';

const CSRF_COOKIE = 'tessera_login_csrf';

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      return rest.join('=');
    }
  }
  return undefined;
}

function localeOf(request: FastifyRequest, params: Readonly<Record<string, unknown>>): Locale {
  const asked = [params['lang'], params['lng']].find((value): value is string => typeof value === 'string');
  return pickLocale(asked, request.headers['accept-language']);
}

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  void reply.header('cache-control', 'no-store');
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

/**
 * The platform's policy with form-action widened to the allow-listed redirect origins: browsers apply a form's
 * form-action to the redirects that follow its submission, and the sign-in ends with a redirect to the app.
 */
function loginPagePolicy(runtime: IdentityRuntime): string {
  const directives = buildCspDirectives(
    {},
    {
      upgradeInsecureRequests: runtime.settings.publicOrigin.startsWith('https://'),
    },
  );
  const origins = runtime.settings.redirectUris.map((uri) => new URL(uri).origin);
  directives['formAction'] = [...new Set(["'self'", ...origins])];
  return Object.entries(directives)
    .map(([name, sources]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '),
    )
    .join('; ');
}

/** A fresh double-submit token, set as a cookie scoped to /oauth2. */
function issueCsrf(request: FastifyRequest, reply: FastifyReply): string {
  const token = randomBytes(24).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${CSRF_COOKIE}=${token}; Path=/oauth2; HttpOnly; SameSite=Strict${secure}`,
  );
  return token;
}

function csrfMatches(request: FastifyRequest, formValue: unknown): boolean {
  const cookie = cookieValue(request, CSRF_COOKIE);
  if (!cookie || typeof formValue !== 'string' || cookie.length !== formValue.length) {
    return false;
  }
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(formValue));
}

/**
 * The person's inputs of the form under the shared text rule (issue #13, defect 3): the e-mail, the code and the
 * challenge session must be safe single-line text; the password only well-formed and free of control characters
 * (it is hashed as typed).
 */
function formInputsAreSafe(form: Readonly<Record<string, unknown>>): boolean {
  const single = ['username', 'code', 'session'].every((name) => {
    const value = form[name];
    return typeof value !== 'string' || isSafeText(value);
  });
  const password = form['password'];
  return single && (typeof password !== 'string' || isSafeText(password, { multiline: true }));
}

/** Query or form parameters as sent: the hosted login answers bad ones with its own pages, never VALIDATION_FAILED. */
const looseParameters = (names: readonly string[], description: string) =>
  documentOnly(
    z
      .object(Object.fromEntries(names.map((name) => [name, z.string().optional()])))
      .catchall(z.string())
      .describe(description),
  );
const authorizeNames = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'lang',
] as const;

const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});
const redirect = (description: string) => z.null().describe(description);

/** GET /oauth2/authorize: the sign-in page, or the error page or a redirect for a bad authorize request. */
function showSignIn(runtime: IdentityRuntime, home: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.query as Record<string, unknown>;
    const locale = localeOf(request, params);
    const validation = validateAuthorizeRequest(runtime, params);
    if (validation.kind === 'page') {
      return sendHtml(reply, errorPage(locale, home), 400);
    }
    if (validation.kind === 'redirect') {
      return reply.redirect(validation.url, 302);
    }
    const csrf = issueCsrf(request, reply);
    const fields = { ...authorizeFields(validation.request), csrf, lang: locale };
    return sendHtml(reply, signInPage({ locale, fields }));
  };
}

/** POST /oauth2/authorize: the form's password or code; a redirect to the app with a code once signed in. */
function submitSignIn(runtime: IdentityRuntime, home: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const locale = localeOf(request, form);
    const validation = validateAuthorizeRequest(runtime, form);
    if (validation.kind !== 'ok') {
      return sendHtml(reply, errorPage(locale, home), 400);
    }
    const csrf = issueCsrf(request, reply);
    const fields = { ...authorizeFields(validation.request), csrf, lang: locale };
    const showError = (error: HostedMessage) => sendHtml(reply, signInPage({ locale, fields, error }), 400);
    if (!csrfMatches(request, form['csrf'])) {
      return showError('invalidForm');
    }
    if (!formInputsAreSafe(form)) {
      return showError('wrongCredentials');
    }
    const info = { ip: request.ip, locale };
    const outcome =
      typeof form['session'] === 'string'
        ? await continueWithCode(runtime, validation.request, form, fields, info)
        : await signInWithPassword(runtime, validation.request, form, fields, info);
    if (outcome.kind === 'redirect') {
      return reply.redirect(outcome.url, 302);
    }
    return sendHtml(reply, outcome.html, outcome.status);
  };
}

/** GET /logout: back to an allow-listed logout URI of a known client, or the error page. */
function logout(runtime: IdentityRuntime, home: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.query as Record<string, unknown>;
    const clientId = params['client_id'];
    const logoutUri = params['logout_uri'];
    const allowed =
      typeof clientId === 'string' &&
      runtime.settings.clientIds.includes(clientId) &&
      typeof logoutUri === 'string' &&
      runtime.settings.redirectUris.includes(logoutUri);
    if (!allowed) {
      return sendHtml(reply, errorPage(localeOf(request, params), home), 400);
    }
    // The hosted login keeps no session of its own (no cookie but the form token), so there is nothing else to end.
    void reply.header('set-cookie', `${CSRF_COOKIE}=; Path=/oauth2; Max-Age=0; HttpOnly; SameSite=Strict`);
    return reply.redirect(logoutUri, 302);
  };
}

/** Registers the hosted login routes (an encapsulated plugin: the form parser applies here only). */
export async function hostedLoginRoutes(app: FastifyInstance, { runtime }: { runtime: IdentityRuntime }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const home = `${runtime.settings.publicOrigin}/`;
  const policy = loginPagePolicy(runtime);
  // Replaces the process-wide policy header set earlier in the request (helmet runs on every request first).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/oauth2/authorize')) {
      void reply.header('content-security-policy', policy);
    }
  });
  const authorizeSchema = {
    response: {
      200: htmlPage('The sign-in page'),
      302: redirect(
        'To the app (or its redirect_uri with an error), with the authorization code once signed in',
      ),
      400: htmlPage('The error page, or the sign-in page with what went wrong'),
    },
  };
  app.get(
    '/oauth2/authorize',
    {
      schema: {
        summary: 'The hosted sign-in page (OAuth 2.0 authorization code with PKCE)',
        querystring: looseParameters(authorizeNames, 'The OAuth 2.0 authorize request (PKCE, S256)'),
        ...authorizeSchema,
      },
    },
    showSignIn(runtime, home),
  );
  app.post(
    '/oauth2/authorize',
    {
      schema: {
        summary: 'Signs in through the hosted page (its form: password, then a code when asked)',
        body: looseParameters(
          [...authorizeNames, 'csrf', 'username', 'password', 'session', 'code'],
          'The form: the authorize request, csrf, then username and password, or session and code',
        ),
        ...authorizeSchema,
      },
    },
    submitSignIn(runtime, home),
  );
  app.get(
    '/logout',
    {
      schema: {
        summary: 'Ends the hosted login and returns to an allow-listed logout URI',
        querystring: looseParameters(['client_id', 'logout_uri'], 'The client and where to return'),
        response: { 302: redirect('To logout_uri'), 400: htmlPage('The error page') },
      },
    },
    logout(runtime, home),
  );
  await app.register(oauthTokenRoutes, { runtime });
}
