/**
 * Sign-in sessions and the tokens issued for them.
 *
 * A session is one sign-in: its id is the `origin_jti` claim of every access and id token it yields, so revoking
 * the session (GlobalSignOut, RevokeToken, reuse of a rotated refresh token) revokes all of them. Refresh tokens
 * are opaque random strings stored as SHA-256 digests; both refresh operations read the same store.
 */
import { createHash, createSign, randomBytes, randomUUID } from 'node:crypto';
import type { IdentityDb, SessionsTable, UsersTable } from '../../database.ts';
import type { Selectable } from 'kysely';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import { type IdentitySettings, SESSION_TTL_S } from '../../settings.ts';
import { announceRevocations } from './revocation-feed.ts';
import type { SigningKey, SigningKeyStore } from './signing-keys.ts';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

/** What the sign-in produced, as Cognito's AuthenticationResult. */
export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

/** How a new session was authenticated. */
export interface NewSession {
  readonly user: UserRow;
  readonly clientId: string;
  /** RFC 8176 methods: `pwd`, `otp`, `sms`, `mfa`, `swk` (a remembered device). */
  readonly amr: readonly string[];
  readonly scope: string;
  /** A confirmed device this sign-in came from; without one, new device metadata is offered. */
  readonly deviceKey?: string;
  /** The session id (`origin_jti`) to use, when the caller must know it before the tokens exist. */
  readonly originJti?: string;
  /** The audit event written with the session (default `sign_in`). */
  readonly audit?: { event: string; ip: string; detail?: Record<string, unknown> };
}

/** SHA-256 of an opaque secret (refresh token, session, code): what the database keeps. */
export function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** A random opaque secret: 32 bytes, base64url. */
export function opaqueSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Issues and refreshes tokens for one identity schema. */
export class TokenService {
  constructor(
    private readonly db: IdentityDb,
    private readonly keys: SigningKeyStore,
    private readonly settings: IdentitySettings,
  ) {}

  /** Starts a session and returns its tokens (with new device metadata when no device was proven). */
  async startSession(request: NewSession): Promise<AuthenticationResult> {
    const now = new Date();
    const originJti = request.originJti ?? randomUUID();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_S * 1000);
    const refreshToken = opaqueSecret(48);
    const pendingDevice = request.deviceKey
      ? undefined
      : { key: `${this.settings.region}_${randomUUID()}`, groupKey: `-${opaqueSecret(9)}` };
    const audit = request.audit;
    // One statement for the session, its refresh token and the audit event: every sign-in pays one commit
    // instead of three (a commit is most of an insert's cost on the embedded database).
    const session = await this.db
      .with('token', (db) =>
        db
          .insertInto('refresh_tokens')
          .values({ token_hash: digest(refreshToken), origin_jti: originJti, expires_at: expiresAt })
          .returning('origin_jti'),
      )
      .with('event', (db) =>
        db
          .insertInto('audit_events')
          .values({
            user_id: request.user.id,
            event: audit?.event ?? 'sign_in',
            outcome: 'success',
            ip: audit?.ip ?? null,
            detail: JSON.stringify({ amr: request.amr, ...audit?.detail }),
          })
          .returning('id'),
      )
      .insertInto('sessions')
      .values({
        origin_jti: originJti,
        user_id: request.user.id,
        client_id: request.clientId,
        auth_time: now,
        amr: JSON.stringify(request.amr),
        scope: request.scope,
        device_key: request.deviceKey ?? null,
        pending_device_key: pendingDevice?.key ?? null,
        pending_device_group_key: pendingDevice?.groupKey ?? null,
        created_at: now,
        expires_at: expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const result = await this.sign(session, request.user);
    return {
      ...result,
      RefreshToken: refreshToken,
      ...(pendingDevice
        ? { NewDeviceMetadata: { DeviceKey: pendingDevice.key, DeviceGroupKey: pendingDevice.groupKey } }
        : {}),
    };
  }

  /**
   * Refreshes a session. `rotate` (GetTokensFromRefreshToken) also replaces the refresh token; InitiateAuth
   * REFRESH_TOKEN_AUTH does not, as in Cognito, because older clients keep the token they have.
   * Every refusal is NotAuthorizedException: Amplify then clears its tokens without throwing.
   */
  async refresh(refreshToken: string, clientId: string, rotate: boolean): Promise<AuthenticationResult> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.origin_jti', 'refresh_tokens.origin_jti')
      .selectAll('sessions')
      .select([
        'refresh_tokens.token_hash',
        'refresh_tokens.rotated_at',
        'refresh_tokens.expires_at as token_expires_at',
      ])
      .where('refresh_tokens.token_hash', '=', digest(refreshToken))
      .executeTakeFirst();
    if (!row || row.client_id !== clientId) {
      throw new CognitoError('NotAuthorizedException', sessionMessages.refreshInvalid);
    }
    if (row.revoked_at) {
      throw new CognitoError('NotAuthorizedException', sessionMessages.refreshRevoked);
    }
    const nowMs = Date.now();
    if (row.token_expires_at.getTime() <= nowMs || row.expires_at.getTime() <= nowMs) {
      throw new CognitoError('NotAuthorizedException', sessionMessages.refreshExpired);
    }
    if (row.rotated_at && nowMs - row.rotated_at.getTime() > this.settings.refreshReuseGraceS * 1000) {
      // A rotated token came back after the grace period: someone else holds a copy. End the session.
      await this.revokeSessions([row.origin_jti]);
      throw new CognitoError('NotAuthorizedException', sessionMessages.refreshRevoked);
    }
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (user?.status === 'RESET_REQUIRED') {
      throw new CognitoError('NotAuthorizedException', sessionMessages.resetRequired);
    }
    assertUserMaySignIn(user);
    const result = await this.sign(row, user);
    if (!rotate) {
      return result;
    }
    await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(nowMs) })
      .where('token_hash', '=', row.token_hash)
      .where('rotated_at', 'is', null)
      .execute();
    return { ...result, RefreshToken: await this.createRefreshToken(row) };
  }

  /**
   * Signs fresh access and id tokens for an existing session with a new `auth_time` and the added methods: the
   * step-up of a money movement (CUSTOM_CHALLENGE). The session record is left as it was, so a later refresh
   * yields the original `auth_time` and methods: a refreshed token never claims a step-up it did not do.
   */
  async stepUp(session: SessionRow, user: UserRow, amr: readonly string[]): Promise<AuthenticationResult> {
    const merged = [...new Set([...session.amr, ...amr])];
    return this.sign({ ...session, amr: merged, auth_time: new Date() }, user);
  }

  /** Marks sessions revoked (idempotent) and tells this process's verifiers at once. */
  async revokeSessions(originJtis: readonly string[]): Promise<void> {
    if (originJtis.length === 0) {
      return;
    }
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('origin_jti', 'in', originJtis)
      .where('revoked_at', 'is', null)
      .execute();
    announceRevocations(originJtis);
  }

  /** Revokes every live session of a user (GlobalSignOut, password reset, deletion). */
  async revokeUserSessions(userId: string): Promise<void> {
    const live = await this.db
      .selectFrom('sessions')
      .select('origin_jti')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();
    await this.revokeSessions(live.map((row) => row.origin_jti));
  }

  /** RevokeToken: ends the session of a refresh token of this client; unknown tokens are ignored (RFC 7009). */
  async revokeRefreshToken(refreshToken: string, clientId: string): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.origin_jti', 'refresh_tokens.origin_jti')
      .select(['sessions.origin_jti', 'sessions.client_id'])
      .where('refresh_tokens.token_hash', '=', digest(refreshToken))
      .executeTakeFirst();
    if (row && row.client_id === clientId) {
      await this.revokeSessions([row.origin_jti]);
    }
  }

  private async createRefreshToken(session: SessionRow): Promise<string> {
    const token = opaqueSecret(48);
    await this.db
      .insertInto('refresh_tokens')
      .values({ token_hash: digest(token), origin_jti: session.origin_jti, expires_at: session.expires_at })
      .execute();
    return token;
  }

  private async sign(session: SessionRow, user: UserRow): Promise<AuthenticationResult> {
    const key = await this.keys.signingKey();
    const nowS = Math.floor(Date.now() / 1000);
    const common = {
      sub: user.id,
      iss: this.settings.issuer,
      origin_jti: session.origin_jti,
      event_id: randomUUID(),
      auth_time: Math.floor(session.auth_time.getTime() / 1000),
      amr: session.amr,
      ...(user.groups.length > 0 ? { 'cognito:groups': user.groups } : {}),
      iat: nowS,
      exp: nowS + this.settings.accessTokenTtlS,
    };
    const accessToken = signJwt(key, {
      ...common,
      jti: randomUUID(),
      token_use: 'access',
      client_id: session.client_id,
      scope: session.scope,
      username: user.id,
      ...(session.device_key ? { device_key: session.device_key } : {}),
    });
    const idToken = signJwt(key, {
      ...idClaims(user),
      ...common,
      jti: randomUUID(),
      token_use: 'id',
      aud: session.client_id,
    });
    return {
      AccessToken: accessToken,
      IdToken: idToken,
      ExpiresIn: this.settings.accessTokenTtlS,
      TokenType: 'Bearer',
    };
  }
}

/** A compact RS256 JWS (RFC 7515) of `claims`, signed with the key (RSASSA-PKCS1-v1_5 with SHA-256). */
export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' })).toString(
    'base64url',
  );
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createSign('sha256').update(`${header}.${payload}`).sign(key.privateKey, 'base64url');
  return `${header}.${payload}.${signature}`;
}

/** The id token's user claims: Cognito's names, booleans as booleans. */
function idClaims(user: UserRow): Record<string, unknown> {
  return {
    ...user.attributes,
    'cognito:username': user.id,
    email: user.email,
    email_verified: user.email_verified,
    ...(user.phone_number
      ? { phone_number: user.phone_number, phone_number_verified: user.phone_number_verified }
      : {}),
  };
}

/** Refuses a session for a user who no longer may have one (invalid-session messages of spec section 8). */
export function assertUserMaySignIn(user: UserRow | undefined): asserts user is UserRow {
  if (!user) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.userMissing);
  }
  if (!user.enabled) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.userDisabled);
  }
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', sessionMessages.resetRequired);
  }
}
