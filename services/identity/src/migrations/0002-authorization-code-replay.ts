/**
 * Authorization codes remember the session their exchange started, so a replayed code can revoke it: RFC 6749
 * section 4.1.2, "If an authorization code is used more than once, the authorization server MUST deny the request
 * and SHOULD revoke (when possible) all tokens previously issued based on that authorization code." A replay that
 * arrives while the first exchange is still issuing its tokens is marked (`replayed_at`), and the first exchange
 * then revokes what it has just issued instead of handing it out.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const authorizationCodeReplayMigration: Migration = {
  async up(db) {
    await sql`
      alter table authorization_codes add column origin_jti uuid;
      alter table authorization_codes add column replayed_at timestamptz;
    `.execute(db);
  },
};
