/**
 * Expiry of pending transfers (TigerBeetle's pending timeouts): every interval, the pending transfers whose
 * `expires_at` passed are released by recording, through the same engine, a void flagged expiredPendingTransfer.
 * The open-pending index is in the database, so a restart loses nothing; the void's id is derived from the pending
 * id, so a sweep that died half-way and runs again records each expiry once.
 */
import { hash } from 'node:crypto';
import type { AnyKysely } from '@tessera/platform';
import { invariant } from '@tessera/money';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { fingerprintOf } from './prepare.ts';
import type { TransferEngine } from './transfers.service.ts';
import { type SubmittedTransfer, TRANSFER_FLAG } from './transfer-state.ts';

/** A deterministic id for the void that expires `pendingId` (a UUIDv8: custom, derived from a hash). */
export function expiryIdOf(pendingId: string): string {
  const bytes = hash('sha256', `tessera-ledger-expiry|${pendingId}`, 'buffer').subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The void the sweep records for an expired pending transfer (the rules flag it expiredPendingTransfer). */
function expiryTransfer(pendingId: string, ledgerCode: string): SubmittedTransfer {
  const transfer = {
    id: expiryIdOf(pendingId),
    ledgerCode,
    debitAccountId: undefined,
    creditAccountId: undefined,
    amount: undefined,
    pendingId,
    timeoutSeconds: 0,
    code: undefined,
    flags: TRANSFER_FLAG.voidPendingTransfer,
    metadata: {},
  };
  return { kind: 'prepared', transfer: { ...transfer, fingerprint: fingerprintOf(transfer) }, linked: false };
}

export class ExpirySweep {
  readonly #db: AnyKysely;
  readonly #engine: TransferEngine;
  readonly #now: () => number;
  readonly #batchMax: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(db: AnyKysely, engine: TransferEngine, now: () => number, batchMax: number) {
    this.#db = db;
    this.#engine = engine;
    this.#now = now;
    this.#batchMax = batchMax;
  }

  /** Expires what is due, at most `batchMax` pending transfers; returns how many it expired. */
  async expireDue(): Promise<number> {
    const { rows } = await sql<{ tenant_id: string; id: string; code: string }>`
      select p.tenant_id, p.id, l.code from ledger.pending_transfers p join ledger.ledgers l on l.id = p.ledger_id
      where p.expires_at <= ${new Date(this.#now()).toISOString()}::timestamptz
      order by p.expires_at limit ${this.#batchMax}`.execute(this.#db);
    const byTenant = new Map<string, SubmittedTransfer[]>();
    for (const row of rows) {
      const items = byTenant.get(row.tenant_id) ?? [];
      items.push(expiryTransfer(row.id, row.code));
      byTenant.set(row.tenant_id, items);
    }
    const results = await Promise.all(
      [...byTenant].map(([tenantId, items]) => this.#engine.submit({ tenantId, items, expiry: true })),
    );
    return results.flatMap((result) => result.outcomes).filter((outcome) => outcome.status === 'created')
      .length;
  }

  /** Runs {@link expireDue} every `intervalMs` (never two at once) until {@link stop}. */
  start(intervalMs: number, log: FastifyBaseLogger): void {
    invariant(this.#timer === undefined, 'One expiry sweep per ledger service');
    this.#timer = setInterval(() => {
      if (this.#running) {
        return;
      }
      this.#running = this.expireDue()
        .then((expired) => expired > 0 && log.info({ expired }, 'pending transfers expired'))
        .catch((error: unknown) => log.error({ err: error }, 'expiry sweep failed'))
        .finally(() => (this.#running = undefined));
    }, intervalMs);
    // The sweep alone must not keep a process alive (tests, a shutting-down server).
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
