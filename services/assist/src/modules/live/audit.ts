/**
 * The hash-chained audit of remote actions (assist.actions). Each session's rows are numbered 1, 2, ... and each
 * row's hash is SHA-256 over the previous row's hash and the row's own fields, so a changed, removed or reordered
 * row breaks the chain from there on (`verifyChain`). Appends go through one queue per process: the sequence number
 * and the previous hash are read and the row written with nothing else of that session in between.
 */
import { createHash } from 'node:crypto';
import type { AssistAction, AssistActionKind } from '@tessera/contracts';
import type { AssistDatabase, AssistTables } from '../../tables.ts';

/** The previous hash of a session's first row. */
export const GENESIS_HASH = '0'.repeat(64);

export type ActionOutcome = AssistAction['outcome'];
export type ActionDetail = Record<string, string | number | boolean | null>;

export interface ActionInput {
  readonly sessionId: string;
  readonly agentId: string;
  readonly staffUserId: string;
  readonly kind: AssistActionKind;
  readonly outcome: ActionOutcome;
  readonly detail: ActionDetail;
}

type ActionRow = AssistTables['actions'];

/** The hash of a row given the previous one's. */
export function actionHash(row: Omit<ActionRow, 'hash'>): string {
  const fields = [
    row.session_id,
    row.seq,
    row.agent_id,
    row.staff_user_id,
    row.kind,
    row.outcome,
    row.detail,
    row.at.toISOString(),
  ];
  return createHash('sha256').update(row.prev_hash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/** Checks a session's rows (in seq order): the first seq that does not verify, or null. */
export function verifyChain(rows: readonly ActionRow[]): number | null {
  let previous = GENESIS_HASH;
  let expectedSeq = 1;
  for (const row of rows) {
    if (row.seq !== expectedSeq || row.prev_hash !== previous || actionHash(row) !== row.hash) {
      return row.seq;
    }
    previous = row.hash;
    expectedSeq += 1;
  }
  return null;
}

export function toAction(row: ActionRow): AssistAction {
  return {
    seq: row.seq,
    sessionId: row.session_id,
    agentId: row.agent_id,
    staffUserId: row.staff_user_id,
    kind: row.kind as AssistActionKind,
    outcome: row.outcome as ActionOutcome,
    detail: JSON.parse(row.detail) as ActionDetail,
    at: row.at.toISOString(),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** One queue for every database write of the live channel: keeps each session's chain strictly ordered. */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  run<T>(task: () => Promise<T>): Promise<T | undefined> {
    const next = this.tail.then(task).catch((error: unknown) => {
      this.onError(error);
      return undefined;
    });
    this.tail = next;
    return next;
  }

  /** Resolves once everything queued so far is written. */
  idle(): Promise<unknown> {
    return this.tail;
  }
}

export function createActionLog(db: AssistDatabase, queue: WriteQueue, now: () => Date) {
  return {
    append(input: ActionInput): Promise<AssistAction | undefined> {
      const at = now();
      return queue.run(async () => {
        const last = await db
          .selectFrom('actions')
          .select(['seq', 'hash'])
          .where('session_id', '=', input.sessionId)
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        const unhashed = {
          session_id: input.sessionId,
          seq: (last?.seq ?? 0) + 1,
          agent_id: input.agentId,
          staff_user_id: input.staffUserId,
          kind: input.kind,
          outcome: input.outcome,
          detail: JSON.stringify(input.detail),
          at,
          prev_hash: last?.hash ?? GENESIS_HASH,
        };
        const row = { ...unhashed, hash: actionHash(unhashed) };
        await db.insertInto('actions').values(row).execute();
        return toAction(row);
      });
    },

    async list(sessionId: string): Promise<{ actions: AssistAction[]; brokenAt: number | null }> {
      const rows = (await db
        .selectFrom('actions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('seq')
        .execute()) as ActionRow[];
      return { actions: rows.map(toAction), brokenAt: verifyChain(rows) };
    },
  };
}

export type ActionLog = ReturnType<typeof createActionLog>;
