/**
 * @tessera/platform: the server kit every service uses (config, database, errors, logging, security, health,
 * events, the service contract). Test helpers live in `@tessera/platform/testing`.
 */
export * from './access.ts';
export * from './api-docs.ts';
export * from './auth.ts';
export * from './compose.ts';
export * from './compression.ts';
export * from './config.ts';
export * from './customer-socket.ts';
export * from './config-fields.ts';
export * from './database/index.ts';
export * from './error-handler.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './health.ts';
export * from './idempotency.ts';
export * from './logging.ts';
export * from './metrics.ts';
export * from './object-store.ts';
export * from './object-store-config.ts';
export * from './rate-limit.ts';
export * from './security.ts';
export * from './routes.ts';
export * from './service.ts';
export * from './service-app.ts';
export * from './service-guards.ts';
export * from './staff-audit.ts';
export * from './websocket-hub.ts';
export * from './jobs/index.ts';
