/**
 * The in-process session-token verifier the ingest offers other services (INGEST_SESSION_CLIENT, issue #18): live
 * assist checks a customer tab's tracker token with it. Tokens are stored hashed, so the check hashes the token and
 * looks for a live session; it answers only what a caller needs, never the token or the events.
 */
import type { IngestSessionClient, VerifiedTrackerSession } from '@tessera/contracts';
import type { IngestDatabase } from '../../tables.ts';
import { hashToken } from './tracker.service.ts';

/** The longest token worth hashing (a real one is about 50 characters). */
const TOKEN_MAX_LENGTH = 512;

export function createSessionTokenVerifier(
  db: IngestDatabase,
  projectKey: string,
  now: () => Date = () => new Date(),
): IngestSessionClient {
  return {
    projectKey,
    async verifySessionToken(token: string): Promise<VerifiedTrackerSession | null> {
      if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_MAX_LENGTH) {
        return null;
      }
      const row = await db
        .selectFrom('session')
        .select(['id', 'project_id', 'customer_id', 'assist_only', 'started_at', 'device', 'browser', 'os'])
        .where('token_hash', '=', hashToken(token))
        .where('token_expires_at', '>', now())
        .executeTakeFirst();
      if (row === undefined) {
        return null;
      }
      return {
        sessionId: row.id,
        projectKey: row.project_id,
        userId: row.customer_id,
        assistOnly: row.assist_only,
        startedAt: row.started_at.toISOString(),
        device: row.device,
        browser: row.browser,
        os: row.os,
      };
    },
  };
}
