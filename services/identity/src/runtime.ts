/**
 * What every identity operation works with: the schema, the settings, the keys and token service, a logger.
 */
import type { ServiceContext } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityDb } from './database.ts';
import type { Locale } from './modules/outbox/messages.ts';
import { createSigningKeyStore, type SigningKeyStore } from './modules/tokens/signing-keys.ts';
import { TokenService } from './modules/tokens/tokens.service.ts';
import { identitySettings, type IdentitySettings } from './settings.ts';

/** The service's long-lived parts. */
export interface IdentityRuntime {
  readonly db: IdentityDb;
  readonly settings: IdentitySettings;
  readonly keys: SigningKeyStore;
  readonly tokens: TokenService;
  readonly log: FastifyBaseLogger;
}

/** Builds the runtime of one identity instance from its service context. */
export function createRuntime(context: ServiceContext): IdentityRuntime {
  const db = context.db as IdentityDb;
  const settings = identitySettings(context.config);
  const keys = createSigningKeyStore(db);
  return { db, settings, keys, tokens: new TokenService(db, keys, settings), log: context.log };
}

/** Facts about the request an operation may use. */
export interface RequestInfo {
  /** The client address (X-Forwarded-For only behind TRUST_PROXY). */
  readonly ip: string;
  /** The caller's language, for messages. */
  readonly locale: Locale;
}
