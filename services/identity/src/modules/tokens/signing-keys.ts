/**
 * RS256 signing keys, stored in the identity schema so every process signs with the same key and publishes the
 * same JWKS. Rotation: a new key becomes the signing key, and the old one stays in the JWKS (so tokens it signed
 * still verify) until the longest-lived token it could have signed has expired; then it leaves the JWKS.
 *
 * Production should hold private keys in a KMS or HSM (docs/adr/0002-identity-protocol.md); the schema is the
 * embedded default.
 */
import { createPrivateKey, generateKeyPair, type KeyObject, randomUUID, type webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { importJWK } from 'jose';
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';

const generateRsaKeyPair = promisify(generateKeyPair);

type CryptoKey = webcrypto.CryptoKey;

/** A key is used for signing for 30 days, then replaced (NIST SP 800-57 suggests at most 1-2 years for RSA). */
export const KEY_SIGNING_PERIOD_MS = 30 * 24 * 3600_000;
/** How long a retired key stays published: longer than any access or id token it signed can live. */
export const KEY_PUBLISHED_AFTER_RETIREMENT_MS = 24 * 3600_000;
/** How long the signing key and the public keys are cached in memory before a re-read. */
const CACHE_MS = 60_000;
/** An unknown `kid` triggers a re-read at most this often (a forged kid must not hammer the database). */
const UNKNOWN_KID_REREAD_MS = 1_000;

/**
 * The current signing key, as a node KeyObject: tokens are signed synchronously on the main thread (about a
 * millisecond), not queued on libuv's thread pool behind the argon2 hashes of concurrent sign-ins.
 */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

/** A public key as published in the JWKS. */
export type PublicJwk = Record<string, string>;

/** Reads, caches and rotates the signing keys of one identity schema. */
export interface SigningKeyStore {
  /** The key to sign with now; creates the first key, or rotates an expired one, when needed. */
  signingKey(): Promise<SigningKey>;
  /** Every published public key (the JWKS `keys`). */
  publicJwks(): Promise<PublicJwk[]>;
  /**
   * The public key with this `kid`, if published, as a WebCrypto key: the form jose verifies with natively
   * (handing it a KeyObject makes it convert the key on every call, which costs more than the check).
   */
  publicKey(kid: string): Promise<CryptoKey | undefined>;
  /** Makes a new key the signing key now; the old one keeps verifying. Returns the new kid. */
  rotate(): Promise<string>;
}

interface Cached {
  readonly loadedAtMs: number;
  readonly signing: SigningKey | undefined;
  readonly signingCreatedAtMs: number;
  readonly jwks: PublicJwk[];
  readonly publicKeys: Map<string, CryptoKey>;
}

/** A key store over `db` (the identity schema). */
export function createSigningKeyStore(db: IdentityDb): SigningKeyStore {
  let cached: Cached | undefined;
  let loading: Promise<Cached> | undefined;

  const load = (): Promise<Cached> => {
    loading ??= readKeys(db).finally(() => {
      loading = undefined;
    });
    return loading.then((fresh) => (cached = fresh));
  };
  const current = async (maxAgeMs: number): Promise<Cached> =>
    cached && Date.now() - cached.loadedAtMs < maxAgeMs ? cached : load();

  const store: SigningKeyStore = {
    async signingKey() {
      let keys = await current(CACHE_MS);
      if (!keys.signing || Date.now() - keys.signingCreatedAtMs > KEY_SIGNING_PERIOD_MS) {
        await rotateKeys(db, { onlyIfDue: true });
        keys = await load();
      }
      return keys.signing!;
    },
    async publicJwks() {
      return (await current(CACHE_MS)).jwks;
    },
    async publicKey(kid) {
      const keys = await current(CACHE_MS);
      const known = keys.publicKeys.get(kid);
      if (known || Date.now() - keys.loadedAtMs < UNKNOWN_KID_REREAD_MS) {
        return known;
      }
      return (await load()).publicKeys.get(kid);
    },
    async rotate() {
      const kid = await rotateKeys(db, { onlyIfDue: false });
      await load();
      return kid;
    },
  };
  return store;
}

async function readKeys(db: IdentityDb): Promise<Cached> {
  const rows = await db
    .selectFrom('signing_keys')
    .selectAll()
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('created_at', 'desc')
    .execute();
  const active = rows.find((row) => row.retired_at === null);
  const publicKeys = new Map<string, CryptoKey>();
  for (const row of rows) {
    publicKeys.set(row.kid, (await importJWK(row.public_jwk, 'RS256')) as CryptoKey);
  }
  return {
    loadedAtMs: Date.now(),
    signing: active ? { kid: active.kid, privateKey: createPrivateKey(active.private_key_pem) } : undefined,
    signingCreatedAtMs: active ? active.created_at.getTime() : 0,
    jwks: rows.map((row) => row.public_jwk),
    publicKeys,
  };
}

/**
 * Creates a key and retires the previous one in one transaction, under an advisory lock so that processes
 * starting together create one key, not one each. With `onlyIfDue`, does nothing when a fresh key exists.
 */
async function rotateKeys(db: IdentityDb, { onlyIfDue }: { onlyIfDue: boolean }): Promise<string> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('identity.signing-keys'))`.execute(trx);
    const active = await trx
      .selectFrom('signing_keys')
      .select(['kid', 'created_at'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (onlyIfDue && active && Date.now() - active.created_at.getTime() <= KEY_SIGNING_PERIOD_MS) {
      return active.kid;
    }
    const now = new Date();
    await trx
      .updateTable('signing_keys')
      .set({ retired_at: now, expires_at: new Date(now.getTime() + KEY_PUBLISHED_AFTER_RETIREMENT_MS) })
      .where('retired_at', 'is', null)
      .execute();
    const kid = randomUUID();
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    await trx
      .insertInto('signing_keys')
      .values({
        kid,
        private_key_pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        public_jwk: JSON.stringify(jwk),
        created_at: now,
      })
      .execute();
    return kid;
  });
}
