/**
 * API keys (settings section api, docs/adr/0018): a key is `tsk_<id>_<secret>`, the id 16 hex digits, the secret
 * 32 random bytes in base64url. Only the SHA-256 of the secret is stored; a presented key is looked up by id and its
 * hash compared in constant time. The platform resolves keys through {@link ApiKeysService.resolveApiKey} on every
 * request (scopes and allow-list are checked there) and logs each use here.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type AccessUse,
  type ApiKey,
  type ApiKeyGrantRecord,
  type ApiKeyScope,
  type ApiKeyUse,
  type CreatedApiKey,
} from '@tessera/contracts';
import { type AnyKysely, defineError, ValidationFailedError } from '@tessera/platform';

export const ApiKeyNotFoundError = defineError('API_KEY_NOT_FOUND', 404, 'There is no such API key.');
export const ApiKeysLimitError = defineError(
  'API_KEYS_LIMIT_REACHED',
  409,
  `At most ${API_KEYS_MAX} active API keys.`,
);

interface KeyRow {
  id: string;
  owner_user_id: string;
  name: string;
  scopes: ApiKeyScope[];
  allowed_ips: string[];
  secret_sha256: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
}

const KEY_ID = /^[0-9a-f]{16}$/;
const USAGE_PAGE = 100;
const DAY_MS = 86_400_000;

const iso = (value: Date | string): string => new Date(value).toISOString();
const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

function statusOf(row: KeyRow, now: Date): ApiKey['status'] {
  if (row.revoked_at !== null) {
    return 'revoked';
  }
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

function toKey(row: KeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.id}`,
    scopes: row.scopes,
    allowedIps: row.allowed_ips,
    status: statusOf(row, now),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/**
 * The allow-list as stored: each entry an IPv4 or IPv6 address or CIDR block, written canonically (`10.0.0.0/8`,
 * `2001:db8::/32`); a malformed entry is VALIDATION_FAILED at `allowedIps.<n>`.
 */
export function normaliseAllowedIps(entries: readonly string[]): string[] {
  const issues: Array<{ path: string; message: string }> = [];
  const normalised = entries.map((entry, index) => {
    const [address = '', prefixText, ...rest] = entry.trim().split('/');
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefix =
      prefixText === undefined ? maxPrefix : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (family === 0 || rest.length > 0 || prefix < 0 || prefix > maxPrefix) {
      issues.push({ path: `allowedIps.${index}`, message: 'must be an IPv4 or IPv6 address or CIDR block' });
      return '';
    }
    return `${address.toLowerCase()}/${prefix}`;
  });
  if (issues.length > 0) {
    throw new ValidationFailedError(undefined, { issues });
  }
  return [...new Set(normalised)];
}

export interface ApiKeysService {
  list(ownerUserId: string): Promise<ApiKey[]>;
  create(
    ownerUserId: string,
    input: { name: string; scopes: ApiKeyScope[]; allowedIps: string[]; expiresInDays: number },
  ): Promise<CreatedApiKey>;
  revoke(ownerUserId: string, id: string): Promise<void>;
  usage(ownerUserId: string, id: string): Promise<ApiKeyUse[]>;
  resolveApiKey(presented: string): Promise<ApiKeyGrantRecord | null>;
  recordApiKeyUse(keyId: string, use: AccessUse): Promise<void>;
}

export function createApiKeysService(db: AnyKysely, now: () => Date = () => new Date()): ApiKeysService {
  const ownRow = async (ownerUserId: string, id: string): Promise<KeyRow> => {
    const row = KEY_ID.test(id)
      ? ((await db
          .selectFrom('api_keys')
          .selectAll()
          .where('id', '=', id)
          .where('owner_user_id', '=', ownerUserId)
          .executeTakeFirst()) as KeyRow | undefined)
      : undefined;
    if (!row) {
      throw new ApiKeyNotFoundError();
    }
    return row;
  };

  return {
    async list(ownerUserId) {
      const rows = (await db
        .selectFrom('api_keys')
        .selectAll()
        .where('owner_user_id', '=', ownerUserId)
        .orderBy('created_at', 'desc')
        .execute()) as KeyRow[];
      const at = now();
      return rows.map((row) => toKey(row, at));
    },

    async create(ownerUserId, input) {
      const allowedIps = normaliseAllowedIps(input.allowedIps);
      const at = now();
      const active = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('owner_user_id', '=', ownerUserId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirstOrThrow();
      if (Number(active.count) >= API_KEYS_MAX) {
        throw new ApiKeysLimitError();
      }
      const id = randomBytes(8).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const row = (await db
        .insertInto('api_keys')
        .values({
          id,
          owner_user_id: ownerUserId,
          name: input.name,
          scopes: JSON.stringify(input.scopes),
          allowed_ips: JSON.stringify(allowedIps),
          secret_sha256: sha256(secret).toString('hex'),
          created_at: at,
          expires_at: new Date(at.getTime() + input.expiresInDays * DAY_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as KeyRow;
      return { key: toKey(row, at), secret: `${API_KEY_PREFIX}${id}_${secret}` };
    },

    async revoke(ownerUserId, id) {
      const row = await ownRow(ownerUserId, id);
      if (row.revoked_at === null) {
        await db.updateTable('api_keys').set({ revoked_at: now() }).where('id', '=', id).execute();
      }
    },

    async usage(ownerUserId, id) {
      await ownRow(ownerUserId, id);
      const rows = (await db
        .selectFrom('api_key_usage')
        .selectAll()
        .where('key_id', '=', id)
        .orderBy('id', 'desc')
        .limit(USAGE_PAGE)
        .execute()) as Array<{
        at: Date | string;
        method: string;
        path: string;
        status_code: number;
        ip: string;
      }>;
      return rows.map((use) => ({
        at: iso(use.at),
        method: use.method,
        path: use.path,
        statusCode: use.status_code,
        ip: use.ip,
      }));
    },

    async resolveApiKey(presented) {
      const match = /^tsk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/.exec(presented);
      if (!match) {
        return null;
      }
      const [, id = '', secret = ''] = match;
      const row = (await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst()) as
        KeyRow | undefined;
      if (!row || !timingSafeEqual(sha256(secret), Buffer.from(row.secret_sha256, 'hex'))) {
        return null;
      }
      return {
        keyId: row.id,
        ownerUserId: row.owner_user_id,
        scopes: row.scopes,
        allowedIps: row.allowed_ips,
        status: statusOf(row, now()),
      };
    },

    async recordApiKeyUse(keyId, use) {
      const at = now();
      await db
        .insertInto('api_key_usage')
        .values({
          key_id: keyId,
          method: use.method,
          path: use.path,
          status_code: use.statusCode,
          ip: use.ip,
          at,
        })
        .execute();
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
    },
  };
}
