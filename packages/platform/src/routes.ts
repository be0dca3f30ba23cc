/**
 * How a service declares its routes (docs/adr/0012-composition-root-and-service-shape.md, "Route schemas"): each
 * route names the zod schemas of its params, query, body, headers and responses in Fastify's `schema`. The platform
 * validates the request parts with them (the same VALIDATION_FAILED answer `parseOrThrow` gives), hands the handler
 * the parsed, typed values, and publishes the schemas as OpenAPI (api-docs.ts). Responses are documentation: they are
 * serialized as plain JSON, never stripped or checked on the way out, so a schema that lags behind cannot turn a
 * good answer into a 500.
 *
 * Sign-in is a hook: `requireSignIn(app, verifier)` makes every route of that plugin scope need a bearer token
 * (401 before any validation) and `principalOf(request)` reads who it is.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { resolvePrincipal, type SignInAccess } from './access.ts';
import type { Principal, TokenVerifier } from './auth.ts';
import { validationFailed } from './errors.ts';

export type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A plugin of routes with zod schemas: `request.params`, `.query` and `.body` are typed from them. */
export type ServiceRoutes<Options extends Record<string, unknown> = Record<never, never>> =
  FastifyPluginAsyncZod<Options>;

/** Schemas the platform documents but does not enforce (see {@link documentOnly}). */
const documentOnlySchemas = new WeakSet<object>();

/**
 * Marks a schema as documentation only: it appears in OpenAPI, but the request part reaches the handler as sent.
 * For a route that answers bad input in its own protocol's shape (identity's Cognito errors). Returns a copy, so the
 * schema stays enforced wherever else it is used.
 */
export function documentOnly<Schema extends z.ZodType>(schema: Schema): Schema {
  const copy = schema.clone();
  documentOnlySchemas.add(copy);
  return copy;
}

/**
 * Validates a request part with its zod schema: the parsed value replaces the part, a failure is VALIDATION_FAILED
 * with `details.issues` as `parseOrThrow` gives them. Fastify hands an absent body over as `null`; it is passed on
 * as `undefined`, which is what handlers parsed before (a JSON body of `null` is no object either way).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (documentOnlySchemas.has(schema)) {
    return (data) => ({ value: data });
  }
  return (data) => {
    const result = schema.safeParse(httpPart === 'body' && data === null ? undefined : data);
    return result.success ? { value: result.data } : { error: validationFailed(result.error) };
  };
};

/** Responses leave as plain JSON whatever their schema says (the schemas are for the documents). */
export function plainJsonSerializerCompiler(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}

/** Sets the compilers above on a scope: every service is mounted with them (compose.ts). */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(plainJsonSerializerCompiler);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who signed the bearer token, set by {@link requireSignIn}'s hook; read it with {@link principalOf}. */
    principal: Principal | null;
  }
  interface FastifySchema {
    /** One line that says what the route does (OpenAPI `summary`); every service route has one. */
    summary?: string;
    description?: string;
    tags?: readonly string[];
    security?: readonly Record<string, readonly string[]>[];
  }
}

/** The OpenAPI security scheme name of Tessera's bearer access tokens. */
export const BEARER_SECURITY = 'bearerAuth';

/**
 * Every route registered in this scope after the call needs a valid bearer access token: the hook runs on request,
 * before the body is parsed or validated, so a caller without a token learns nothing about the route's input. The
 * routes are documented as needing the token. `access` says what delegates (`x-act-as`) and API keys may do here
 * (access.ts); by default nothing: the owner only. Their uses are recorded once the answer's status is known,
 * before the answer is sent.
 */
export function requireSignIn(
  app: FastifyInstance,
  verifier: TokenVerifier,
  access: SignInAccess = {},
): void {
  if (!app.hasRequestDecorator('principal')) {
    app.decorateRequest('principal', null);
  }
  if (!app.hasRequestDecorator('accessRecord')) {
    app.decorateRequest('accessRecord', null);
  }
  app.addHook('onRequest', async (request) => {
    request.principal = await resolvePrincipal(request, verifier, access);
  });
  // Recorded before the answer leaves (onSend, which error answers pass through too), so a caller that has its
  // answer finds the use in the audit.
  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.accessRecord;
    if (record !== null) {
      request.accessRecord = null;
      await record({ statusCode: reply.statusCode }).catch((error: unknown) => {
        request.log.error({ err: error }, 'recording a delegate or API key use failed');
      });
    }
    return payload;
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [BEARER_SECURITY]: [] }] };
  });
}

/**
 * The signed-in caller of a route of a {@link requireSignIn} scope. Called elsewhere it throws a programmer error
 * (a 500 with its request id): a route that forgot the hook must fail loudly, never run anonymously.
 */
export function principalOf(request: FastifyRequest): Principal {
  const principal = request.principal;
  if (principal === null || principal === undefined) {
    throw new Error(
      `principalOf: ${request.method} ${request.routeOptions.url ?? ''} is not behind requireSignIn`,
    );
  }
  return principal;
}
