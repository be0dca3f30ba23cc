/**
 * The ledger outbox (docs/adr/0007-trading-reservation-and-settlement.md): every ledger write trading decides is
 * stored in the same database transaction as the state it belongs to, then sent; a crash resends it with the same
 * ids, so nothing is lost or settled twice. A placement's first hold (`kind = 'reservation'`) is sent by its own
 * placement only; everything else (`settlement`) is sent per product, in order.
 */
import type { LedgerErrorBody, LedgerResult, Transfer, TransferInput } from '@tessera/contracts';
import { LedgerUnavailableError } from '../../errors.ts';
import type { TradingDatabase } from './orders.tables.ts';
import { TRADING_TENANT } from './settlement.ts';
import type { TradingCore } from './trading-core.ts';

/**
 * Refusals of a lone void that mean the hold is already gone (the ledger expired it, or an earlier try of the same
 * release voided it): the release has nothing left to do.
 */
const ALREADY_RELEASED = new Set([
  'LEDGER_PENDING_TRANSFER_EXPIRED',
  'LEDGER_PENDING_TRANSFER_ALREADY_VOIDED',
]);

/** The first real refusal of a batch (the others of a linked chain only say the chain failed), or null. */
export function refusalOf(results: ReadonlyArray<LedgerResult<Transfer>>): LedgerErrorBody | null {
  for (const result of results) {
    if (result.status === 'rejected' && result.error.code !== 'LEDGER_LINKED_EVENT_FAILED') {
      return result.error;
    }
  }
  return null;
}

/** Whose row it is: a placement's first hold, or a settlement (fills, releases) of the product. */
export interface OutboxOwner {
  readonly kind: 'reservation' | 'settlement';
  readonly orderId: string | null;
}

/** What sending a product's settlements did: all sent, or stopped at the first refusal. */
export type SendPendingResult = { ok: true } | { ok: false; outboxSequence: string; code: string };

/** The outbox of ledger writes, and the one way trading writes to the ledger. */
export class LedgerOutbox {
  constructor(private readonly core: TradingCore) {}

  /** Stores `transfers` as one row (call inside the transaction of the state they belong to). */
  async add(
    db: TradingDatabase,
    productId: string,
    transfers: TransferInput[],
    owner: OutboxOwner = { kind: 'settlement', orderId: null },
  ): Promise<void> {
    if (transfers.length === 0) {
      return;
    }
    await db
      .insertInto('ledger_outbox')
      .values({
        product_id: productId,
        transfers: JSON.stringify(transfers),
        sent_at: null,
        created_at: this.core.now(),
        kind: owner.kind,
        order_id: owner.orderId,
      })
      .execute();
  }

  /**
   * One ledger write with a deadline (core.ledgerCallTimeoutMs). A ledger that throws or does not answer in time
   * is unavailable: the write may still land later, and the next try reuses its ids, so it lands once.
   */
  async write(transfers: readonly TransferInput[]): Promise<Array<LedgerResult<Transfer>>> {
    const call = this.core.ledger.createTransfers(TRADING_TENANT, transfers);
    // A call that answers after the deadline must not become an unhandled rejection.
    call.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the ledger did not answer within ${this.core.ledgerCallTimeoutMs} ms`)),
        this.core.ledgerCallTimeoutMs,
      );
    });
    try {
      return await Promise.race([call, deadline]);
    } catch (error) {
      this.core.log.warn({ err: error }, 'a trading ledger write did not complete');
      throw new LedgerUnavailableError(undefined, undefined, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends the order's first hold, if it is still unsent; answers the ledger's refusal, or null when the hold is
   * in the ledger. Throws LedgerUnavailableError when the ledger throws or does not answer in time.
   */
  async sendReservation(orderId: string): Promise<LedgerErrorBody | null> {
    const row = await this.core.db
      .selectFrom('ledger_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'reservation')
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) {
      return null;
    }
    const refused = refusalOf(await this.write(row.transfers));
    if (refused !== null) {
      return refused;
    }
    await this.markSent(row.sequence, null);
    return null;
  }

  /**
   * Sends the product's unsent settlements (fills, releases) in order. A placement's first hold is never sent
   * here: it belongs to its placement, whose refusal must answer that order only. Stops at the first refusal and
   * answers it: a settlement refused is a broken invariant (logged); a lone release of a hold the ledger already
   * expired or voided counts as sent. Throws LedgerUnavailableError when the ledger does not answer.
   */
  async sendPending(productId: string): Promise<SendPendingResult> {
    const rows = await this.core.db
      .selectFrom('ledger_outbox')
      .selectAll()
      .where('product_id', '=', productId)
      .where('sent_at', 'is', null)
      .where('kind', '=', 'settlement')
      .orderBy('sequence')
      .limit(1000)
      .execute();
    for (const row of rows) {
      const refused = refusalOf(await this.write(row.transfers));
      const released =
        refused !== null &&
        ALREADY_RELEASED.has(refused.code) &&
        row.transfers.every((transfer) => transfer.flags?.voidPendingTransfer === true);
      if (refused !== null && !released) {
        this.core.log.error(
          { outbox: row.sequence, error: refused },
          'the ledger refused a trading settlement',
        );
        return { ok: false, outboxSequence: row.sequence, code: refused.code };
      }
      await this.markSent(row.sequence, released ? refused.code : null);
    }
    return { ok: true };
  }

  /**
   * Sends what a committed decision stored in the outbox. The decision stands even when the ledger does not
   * answer now: the sweep (and recovery at start) resends it with the same ids.
   */
  async sendOrLog(productId: string): Promise<void> {
    try {
      const sent = await this.sendPending(productId);
      if (!sent.ok) {
        this.core.log.error({ productId, code: sent.code }, 'a trading settlement was refused by the ledger');
      }
    } catch (error) {
      if (!LedgerUnavailableError.is(error)) {
        throw error;
      }
      this.core.log.warn({ productId }, 'trading settlements wait in the outbox for the ledger');
    }
  }

  /** Marks a row sent; `refusedCode` keeps the ledger's code of a release it found already done. */
  async markSent(
    sequence: string,
    refusedCode: string | null,
    db: TradingDatabase = this.core.db,
  ): Promise<void> {
    await db
      .updateTable('ledger_outbox')
      .set({ sent_at: this.core.now(), ...(refusedCode === null ? {} : { refused_code: refusedCode }) })
      .where('sequence', '=', sequence)
      .execute();
  }
}
