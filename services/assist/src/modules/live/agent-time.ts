/**
 * Time per agent (assist.agent_time): a row opens when an agent goes live on a session (joins), a call becomes
 * active or control is granted, and closes when that ends. Statistics clip the rows to a range; an open row counts
 * up to now. Rows left open by a stopped process are closed at start-up at their start (counted as nothing): the
 * service does not guess how long they lasted.
 */
import type { AssistAgentStats } from '@tessera/contracts';
import type { AssistDatabase } from '../../tables.ts';
import type { WriteQueue } from './audit.ts';

export type TimeKind = 'live' | 'call' | 'control';

export interface TimeKey {
  readonly sessionId: string;
  readonly agentId: string;
  readonly staffUserId: string;
  readonly name: string;
}

export function createAgentTime(db: AssistDatabase, queue: WriteQueue, now: () => Date) {
  /** What is open in memory: `${sessionId}|${agentId}|${kind}`. */
  const open = new Set<string>();
  const keyOf = (key: TimeKey, kind: TimeKind) => `${key.sessionId}|${key.agentId}|${kind}`;

  return {
    start(key: TimeKey, kind: TimeKind): void {
      const id = keyOf(key, kind);
      if (open.has(id)) {
        return;
      }
      open.add(id);
      const at = now();
      void queue.run(() =>
        db
          .insertInto('agent_time')
          .values({
            session_id: key.sessionId,
            agent_id: key.agentId,
            staff_user_id: key.staffUserId,
            name: key.name,
            kind,
            started_at: at,
            ended_at: null,
          })
          .execute(),
      );
    },

    end(key: Pick<TimeKey, 'sessionId' | 'agentId'>, kind: TimeKind): void {
      const id = `${key.sessionId}|${key.agentId}|${kind}`;
      if (!open.delete(id)) {
        return;
      }
      const at = now();
      void queue.run(() =>
        db
          .updateTable('agent_time')
          .set({ ended_at: at })
          .where('session_id', '=', key.sessionId)
          .where('agent_id', '=', key.agentId)
          .where('kind', '=', kind)
          .where('ended_at', 'is', null)
          .execute(),
      );
    },

    isOpen(key: Pick<TimeKey, 'sessionId' | 'agentId'>, kind: TimeKind): boolean {
      return open.has(`${key.sessionId}|${key.agentId}|${kind}`);
    },

    /** Closes rows a previous process left open (at their start). */
    async closeLeftOpen(): Promise<void> {
      await db
        .updateTable('agent_time')
        .set((eb) => ({ ended_at: eb.ref('started_at') }))
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Seconds per agent and kind within [from, to). */
    async stats(from: Date, to: Date): Promise<AssistAgentStats[]> {
      const rows = await db
        .selectFrom('agent_time')
        .select(['agent_id', 'name', 'kind', 'started_at', 'ended_at'])
        .where('started_at', '<', to)
        .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
        .orderBy('started_at')
        .execute();
      const current = now().getTime();
      const byAgent = new Map<string, { name: string; live: number; call: number; control: number }>();
      for (const row of rows) {
        const start = Math.max(row.started_at.getTime(), from.getTime());
        const end = Math.min(row.ended_at?.getTime() ?? current, to.getTime());
        const ms = Math.max(0, end - start);
        const entry = byAgent.get(row.agent_id) ?? { name: row.name, live: 0, call: 0, control: 0 };
        entry.name = row.name;
        if (row.kind === 'live' || row.kind === 'call' || row.kind === 'control') {
          entry[row.kind] += ms;
        }
        byAgent.set(row.agent_id, entry);
      }
      return [...byAgent.entries()]
        .map(([agentId, entry]) => ({
          agentId,
          name: entry.name,
          liveSeconds: Math.round(entry.live / 1000),
          callSeconds: Math.round(entry.call / 1000),
          controlSeconds: Math.round(entry.control / 1000),
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.agentId.localeCompare(b.agentId));
    },
  };
}

export type AgentTime = ReturnType<typeof createAgentTime>;
