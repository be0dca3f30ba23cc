/**
 * The chain adapter: what cash operations needs from a blockchain (or a custody provider in front of it), and the
 * simulated chains that are the default. Production adapters (a node's RPC, a custody API) implement the same
 * interface; the deposit and withdrawal code paths do not change.
 *
 * The simulator keeps its blocks and transactions in sim_chain_* tables. Blocks are produced by a job on the job
 * queue (`chain-sim.block`, one job per height, so several processes never produce the same block twice), or on
 * demand from the dev endpoint. A transaction's confirmations are `tip - blockHeight + 1` once mined, 0 before.
 */
import { createHash } from 'node:crypto';
import type { RailSubmission } from '../sepa/sepa-rail.ts';
import type { Rails } from '../rails/rails.ts';

export type Chain = 'bitcoin' | 'ethereum';
export const CHAINS: readonly Chain[] = ['bitcoin', 'ethereum'];

/** A transaction as a chain adapter reports it. */
export interface ChainTransaction {
  readonly chain: Chain;
  readonly txHash: string;
  readonly direction: 'incoming' | 'outgoing';
  readonly address: string;
  readonly asset: string;
  readonly amountMinor: bigint;
  /** Null while in the mempool. */
  readonly blockHeight: number | null;
}

/** What cash operations asks of a chain. */
export interface ChainAdapter {
  readonly chain: Chain;
  /** The height of the newest block (0 before the first). */
  tipHeight(): Promise<number>;
  /** Confirmations of a transaction (0 in the mempool), or null when the chain does not know it. */
  confirmationsOf(txHash: string): Promise<number | null>;
  /** Sends `amountMinor` of `asset` to `address`; `reference` makes a retried send the same transaction. */
  send(input: {
    reference: string;
    asset: string;
    address: string;
    amountMinor: bigint;
  }): Promise<RailSubmission>;
  /** Calls `listener` for every transaction to one of our addresses (mempool, then blocks). */
  onIncoming(listener: (transaction: ChainTransaction) => Promise<void>): void;
  /** Calls `listener` after every new block. */
  onBlock(listener: (chain: Chain, height: number) => Promise<void>): void;
}

/**
 * The simulated chains refuse to send to these (valid) addresses, so the void path of a crypto withdrawal can be
 * tried: a BIP-173 example address, and Ethereum's well-known burn address (docs/operations.md, "Rails").
 */
export const CHAIN_SIMULATOR_REJECTED_ADDRESSES: Readonly<Record<Chain, string>> = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x000000000000000000000000000000000000dEaD',
};

function sameAddress(chain: Chain, a: string, b: string): boolean {
  return chain === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function txHashOf(chain: Chain, seed: string): string {
  const hex = createHash('sha256').update(`tessera-chain-sim:${chain}:${seed}`).digest('hex');
  return chain === 'ethereum' ? `0x${hex}` : hex;
}

/** The simulated chains: one adapter per chain over the sim_chain_* tables. */
export class SimulatedChains {
  readonly #rails: Rails;
  readonly #incoming: Array<(transaction: ChainTransaction) => Promise<void>> = [];
  readonly #blocks: Array<(chain: Chain, height: number) => Promise<void>> = [];
  #counter = 0;

  constructor(rails: Rails) {
    this.#rails = rails;
  }

  /** The adapter of one chain. */
  adapter(chain: Chain): ChainAdapter {
    return {
      chain,
      tipHeight: () => this.tipHeight(chain),
      confirmationsOf: (txHash) => this.confirmationsOf(chain, txHash),
      send: (input) => this.send(chain, input),
      onIncoming: (listener) => void this.#incoming.push(listener),
      onBlock: (listener) => void this.#blocks.push(listener),
    };
  }

  async tipHeight(chain: Chain): Promise<number> {
    const row = await this.#rails.db
      .selectFrom('sim_chain_blocks')
      .select((eb) => eb.fn.max('height').as('height'))
      .where('chain', '=', chain)
      .executeTakeFirst();
    return row?.height === null || row?.height === undefined ? 0 : Number(row.height);
  }

  async confirmationsOf(chain: Chain, txHash: string): Promise<number | null> {
    const row = await this.#rails.db
      .selectFrom('sim_chain_transactions')
      .select('block_height')
      .where('chain', '=', chain)
      .where('tx_hash', '=', txHash)
      .executeTakeFirst();
    if (!row) {
      return null;
    }
    if (row.block_height === null) {
      return 0;
    }
    return (await this.tipHeight(chain)) - Number(row.block_height) + 1;
  }

  /**
   * Someone outside sends crypto to `address` (the dev endpoint): the transaction enters the mempool and the
   * incoming listeners (the deposit detector) hear about it.
   */
  async receive(
    chain: Chain,
    input: { asset: string; address: string; amountMinor: bigint },
  ): Promise<ChainTransaction> {
    this.#counter += 1;
    const now = this.#rails.core.now();
    const txHash = txHashOf(chain, `in:${now.getTime()}:${this.#counter}:${Math.random()}`);
    const transaction: ChainTransaction = {
      chain,
      txHash,
      direction: 'incoming',
      address: input.address,
      asset: input.asset,
      amountMinor: input.amountMinor,
      blockHeight: null,
    };
    await this.#rails.db
      .insertInto('sim_chain_transactions')
      .values({
        chain,
        tx_hash: txHash,
        direction: 'incoming',
        address: input.address,
        asset: input.asset,
        amount_minor: input.amountMinor.toString(),
        block_height: null,
        created_at: now,
      })
      .execute();
    for (const listener of this.#incoming) {
      await listener(transaction);
    }
    return transaction;
  }

  async send(
    chain: Chain,
    input: { reference: string; asset: string; address: string; amountMinor: bigint },
  ): Promise<RailSubmission> {
    if (sameAddress(chain, input.address, CHAIN_SIMULATOR_REJECTED_ADDRESSES[chain])) {
      return { status: 'rejected', reason: 'address_blocked' };
    }
    const txHash = txHashOf(chain, `out:${input.reference}`);
    await this.#rails.db
      .insertInto('sim_chain_transactions')
      .values({
        chain,
        tx_hash: txHash,
        direction: 'outgoing',
        address: input.address,
        asset: input.asset,
        amount_minor: input.amountMinor.toString(),
        block_height: null,
        created_at: this.#rails.core.now(),
      })
      .onConflict((conflict) => conflict.columns(['chain', 'tx_hash']).doNothing())
      .execute();
    return { status: 'accepted', reference: txHash };
  }

  /**
   * Produces block `height` of `chain` if it is the next one (idempotent: a block is produced once), mining the
   * mempool into it; then tells the block listeners. Resolves with the chain's tip afterwards.
   */
  async produceBlock(chain: Chain, height?: number): Promise<number> {
    const tip = await this.tipHeight(chain);
    const next = height ?? tip + 1;
    if (next !== tip + 1) {
      return tip;
    }
    const now = this.#rails.core.now();
    const produced = await this.#rails.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sim_chain_blocks')
        .values({
          chain,
          height: String(next),
          hash: txHashOf(chain, `block:${next}`),
          produced_at: now,
        })
        .onConflict((conflict) => conflict.columns(['chain', 'height']).doNothing())
        .returning('height')
        .executeTakeFirst();
      if (inserted) {
        await trx
          .updateTable('sim_chain_transactions')
          .set({ block_height: String(next) })
          .where('chain', '=', chain)
          .where('block_height', 'is', null)
          .execute();
      }
      return inserted !== undefined;
    });
    if (produced) {
      for (const listener of this.#blocks) {
        await listener(chain, next);
      }
    }
    return Math.max(tip, next);
  }
}
