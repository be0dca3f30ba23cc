/**
 * The API's documents, made from the routes' own schemas (routes.ts): one OpenAPI 3.1 document per service at
 * `/api/<service>/openapi.json`, and a browsable page of them all at `/api/docs` (Swagger UI, served from this
 * process with no outside request). A route is documented when it has a summary and at least one response;
 * `undocumentedRoutes` lists the others, and the server's test fails on any.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER_SECURITY } from './routes.ts';

/** Where the browsable documentation lives. */
export const API_DOCS_PATH = '/api/docs';

/** Where a service's OpenAPI document lives. */
export function openApiPath(service: string): string {
  return `/api/${service}/openapi.json`;
}

/** A route a service registered, as the documents see it. */
export interface ServiceRoute {
  readonly service: string;
  readonly method: string;
  readonly url: string;
  readonly summary: string | undefined;
  readonly responses: readonly string[];
  /** A websocket: @fastify/websocket hides these from @fastify/swagger, so the documents add them themselves. */
  readonly websocket: boolean;
  readonly schema: FastifySchema | undefined;
}

/** The routes each mounted service registered, in registration order (kept on the app by {@link registerApiDocuments}). */
export interface ServiceRouteCatalogue {
  readonly routes: ServiceRoute[];
  /** The service whose plugin is being registered (routes registered meanwhile are its). */
  current: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by {@link registerApiDocuments}: the services' routes, for the documents and their completeness test. */
    serviceRoutes: ServiceRouteCatalogue;
  }
}

type OpenApiDocument = Record<string, unknown> & {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
};

/**
 * Collects the routes of the services about to be mounted on `app` and serves their documents. Call it once per app,
 * before the services are mounted (mountServices does); the routes registered while `catalogue.current` names a
 * service are tagged with it.
 */
export async function registerApiDocuments(app: FastifyInstance, services: readonly string[]): Promise<void> {
  const catalogue: ServiceRouteCatalogue = { routes: [], current: undefined };
  app.decorate('serviceRoutes', catalogue);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: '1',
        description:
          'Every error answers `{ "error": { "code", "message", "details" } }`; the codes are listed in docs/api.md.',
      },
      components: {
        securitySchemes: { [BEARER_SECURITY]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.addHook('onRoute', (route) => recordRoute(catalogue, route));
  for (const service of services) {
    app.get(openApiPath(service), { schema: { hide: true, querystring: z.strictObject({}) } }, async () =>
      serviceDocument(app, service),
    );
  }
}

function recordRoute(catalogue: ServiceRouteCatalogue, route: RouteOptions): void {
  const service = catalogue.current;
  if (service === undefined || route.method === 'HEAD') {
    return;
  }
  route.schema = { ...route.schema, tags: [service] };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    catalogue.routes.push({
      service,
      method,
      url: route.url,
      summary: route.schema.summary,
      responses: Object.keys((route.schema.response as object | undefined) ?? {}),
      websocket: (route as { websocket?: boolean }).websocket === true,
      schema: route.schema,
    });
  }
}

/** The combined document cut down to one service's operations (those tagged with its name). */
function serviceDocument(app: FastifyInstance, service: string): OpenApiDocument {
  const whole = app.swagger() as unknown as OpenApiDocument;
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, operations] of Object.entries(whole.paths ?? {})) {
    const own = Object.entries(operations).filter(([, operation]) => operation.tags?.includes(service));
    if (own.length > 0) {
      paths[path] = Object.fromEntries(own);
    }
  }
  for (const route of app.serviceRoutes.routes) {
    if (route.service === service && route.websocket) {
      paths[openApiUrl(route.url)] = { get: websocketOperation(service, route.schema) };
    }
  }
  return {
    ...whole,
    info: { ...(whole['info'] as object), title: `Tessera API: ${service}` },
    tags: [{ name: service }],
    paths,
  };
}

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
export function openApiUrl(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** A websocket route as an OpenAPI GET answering 101, its query string as parameters. */
function websocketOperation(service: string, schema: FastifySchema | undefined): { tags: string[] } {
  const query = schema?.querystring;
  const parameters =
    query instanceof z.ZodObject
      ? Object.entries(
          (z.toJSONSchema(query, { io: 'input' }).properties ?? {}) as Record<string, object>,
        ).map(([name, property]) => ({ in: 'query', name, schema: property }))
      : [];
  return {
    tags: [service],
    ...(schema?.summary === undefined ? {} : { summary: schema.summary }),
    ...(schema?.description === undefined ? {} : { description: schema.description }),
    ...(schema?.security === undefined ? {} : { security: schema.security }),
    parameters,
    responses: { 101: { description: 'Switching Protocols: the connection becomes a websocket.' } },
  } as { tags: string[] };
}

/** Tessera's mark (apps/web/public/favicon.svg), for the page's top bar and tab. */
const TESSERA_MARK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b3b3c"/>' +
    '<rect x="7" y="7" width="8" height="8" rx="1.5" fill="#5fd3c6"/><rect x="17" y="7" width="8" height="8" ' +
    'rx="1.5" fill="#f3b562"/><rect x="12" y="17" width="8" height="8" rx="1.5" fill="#e8f4f2"/></svg>',
);

/**
 * The page's own policy: everything from this origin, nothing from elsewhere (Swagger UI's default would load its
 * validator badge from validator.swagger.io). Swagger UI sets a few inline styles as it renders, hence
 * 'unsafe-inline' for styles only; scripts stay 'self'.
 */
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:; " +
  "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** Serves Swagger UI at /api/docs with a definition per service (the first selected). */
export async function registerApiDocsPage(app: FastifyInstance, services: readonly string[]): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: {
      urls: services.map((service) => ({ url: openApiPath(service), name: service })),
      deepLinking: true,
      validatorUrl: null,
    },
    logo: { type: 'image/svg+xml', content: TESSERA_MARK, href: API_DOCS_PATH, target: '_self' },
    theme: {
      title: 'Tessera API',
      favicon: [
        { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: TESSERA_MARK },
      ],
    },
    staticCSP: DOCS_CSP,
  });
}

/** Routes of the mounted services that are not documented: no summary, or no response declared. */
export function undocumentedRoutes(app: FastifyInstance): ServiceRoute[] {
  return app.serviceRoutes.routes.filter((route) => !route.summary || route.responses.length === 0);
}
