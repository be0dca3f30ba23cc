/**
 * Requests for a person from the assistant (ASSIST_CLIENT of @tessera/contracts): recorded only for a session that
 * has a connected tab of the same customer right now, so a request can neither name another customer's session nor
 * wait for a session nobody will see; shown with that session in the staff list of live sessions.
 */
import type { AssistHelpApi, AssistLiveHelpRequest } from '@tessera/contracts';
import type { AssistDatabase } from '../../tables.ts';
import type { LiveHub } from '../live/hub.ts';

/** How long a request is kept (it is shown only while its session is live anyway). */
const KEPT_MS = 7 * 24 * 3600 * 1000;

export interface HelpRequests extends AssistHelpApi {
  /** The requests of these sessions, by session id. */
  forSessions(sessionIds: readonly string[]): Promise<Map<string, AssistLiveHelpRequest>>;
}

/** The requests over the service's table; `hub` is the live hub once the plugin has made it. */
export function createHelpRequests(
  db: AssistDatabase,
  hub: () => LiveHub | undefined,
  now: () => Date,
): HelpRequests {
  return {
    async requestHelp(request) {
      const live = hub()
        ?.live()
        .some(
          (session) => session.sessionId === request.sessionId && session.customerId === request.customerId,
        );
      if (!live) {
        return 'no_live_session';
      }
      const at = now();
      const row = {
        customer_id: request.customerId,
        language: request.language,
        intent: request.intent,
        transcript: JSON.stringify(request.transcript),
        requested_at: at,
      };
      await db
        .insertInto('help_requests')
        .values({ session_id: request.sessionId, ...row })
        .onConflict((conflict) => conflict.column('session_id').doUpdateSet(row))
        .execute();
      await db
        .deleteFrom('help_requests')
        .where('requested_at', '<', new Date(at.getTime() - KEPT_MS))
        .execute();
      return 'recorded';
    },
    async forSessions(sessionIds) {
      if (sessionIds.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom('help_requests')
        .where('session_id', 'in', [...sessionIds])
        .selectAll()
        .execute();
      return new Map(
        rows.map((row) => [
          row.session_id,
          {
            intent: row.intent,
            language: row.language,
            transcript: row.transcript,
            requestedAt: row.requested_at.toISOString(),
          },
        ]),
      );
    },
  };
}
