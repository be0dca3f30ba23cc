/**
 * Crypto deposits (settings, section depositCrypto; PRODUCT.md: "pending until N confirmations on the simulated
 * chain adapter, then posted"). A transaction to a wallet's deposit address becomes a pending ledger transfer from
 * the bank's external crypto account to the wallet, shown as pending with "confirmations x/N"; each new block
 * updates the count; at N the transfer is posted.
 *
 * Incoming crypto cannot be refused at the door (it is on chain already), so deposits are not checked against the
 * KYC limits here; they count towards the customer's 30-day deposit total like any other deposit.
 */
import type { PendingInfo } from '@tessera/contracts';
import { nameBasedUuid, bankAccountId } from '../accounts/bank-accounts.ts';
import { cashAsset, formatMinor } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { eurValueMinor } from '../limits/limits.service.ts';
import {
  confirmOperation,
  discardOperation,
  operationMetadata,
  recordOperation,
  updateOperationStatus,
} from '../activity/activity.service.ts';
import { findWalletByDepositAddress, findWalletById, type WalletRow } from '../wallets/wallets.repository.ts';
import { resolveSubmission } from '../activity/submit-operation.ts';
import type { CryptoDepositsTable } from '../rails/rails.tables.ts';
import type { Selectable } from 'kysely';
import { RAIL_LEDGER_CODES, railLegId, resolveHolds, type Rails } from '../rails/rails.ts';
import {
  type ChainOutcome,
  ledgerUnavailable,
  submissionDeadline,
  submitChain,
} from '../accounts/ledger-submission.ts';
import { type Chain, CHAINS, type ChainTransaction, SimulatedChains } from './chain-adapter.ts';

/** Job queue names of the crypto rail. */
export const CRYPTO_JOBS = { block: 'chain-sim.block', confirmations: 'crypto.confirmations' } as const;

/** The crypto rail of one process: the chains and the deposit detector. */
export interface CryptoRail {
  readonly chains: SimulatedChains;
  /** Recomputes the confirmations of `chain`'s pending deposits and posts those that reached N. */
  updateConfirmations(chain: Chain): Promise<void>;
  /** Schedules the next simulated block of every chain with an interval (idempotent). */
  scheduleBlocks(): Promise<void>;
}

/** The chain each crypto asset lives on. */
export function chainOf(asset: string): Chain | undefined {
  return asset === 'BTC' ? 'bitcoin' : asset === 'ETH' || asset === 'USDC' ? 'ethereum' : undefined;
}

function pendingInfo(current: number, required: number): PendingInfo {
  return {
    settledBy: 'crypto_confirmations',
    expectedAt: null,
    expiresAt: null,
    confirmations: { current: Math.min(current, required), required },
  };
}

/** Builds the crypto rail, wires the detector to the chains and registers its jobs. */
export function createCryptoRail(rails: Rails): CryptoRail {
  const chains = new SimulatedChains(rails);
  for (const chain of CHAINS) {
    const adapter = chains.adapter(chain);
    adapter.onIncoming(async (transaction) => {
      await detectDeposit(rails, transaction);
    });
    adapter.onBlock(async (blockChain) => {
      await rails.queue.enqueue({
        queue: CRYPTO_JOBS.confirmations,
        key: `${blockChain}:${await chains.tipHeight(blockChain)}`,
        payload: { chain: blockChain },
      });
    });
  }
  const updateConfirmations = (chain: Chain) => updatePendingDeposits(rails, chains, chain);
  rails.handle<{ chain: Chain }>(CRYPTO_JOBS.confirmations, async (job) =>
    updateConfirmations(job.payload.chain),
  );
  rails.handle<{ chain: Chain; height: number }>(CRYPTO_JOBS.block, async (job) => {
    const { chain, height } = job.payload;
    const tip = await chains.produceBlock(chain, height);
    await scheduleBlock(rails, chain, tip + 1);
  });
  return {
    chains,
    updateConfirmations,
    async scheduleBlocks() {
      for (const chain of CHAINS) {
        await scheduleBlock(rails, chain, (await chains.tipHeight(chain)) + 1);
      }
    },
  };
}

async function scheduleBlock(rails: Rails, chain: Chain, height: number): Promise<void> {
  const intervalMs = rails.settings.blockIntervalMs[chain];
  if (intervalMs <= 0) {
    return;
  }
  await rails.queue.enqueue({
    queue: CRYPTO_JOBS.block,
    key: `${chain}:${height}`,
    payload: { chain, height },
    delayMs: intervalMs,
  });
}

/**
 * A transaction to one of our addresses: record the deposit (once per transaction) and hold its amount in the
 * wallet as pending. A transaction of another asset than the wallet's (ETH sent to a USDC wallet's address) or to
 * an address we do not know is left alone: operations reconcile such funds by hand.
 */
export async function detectDeposit(rails: Rails, transaction: ChainTransaction): Promise<string | null> {
  const { core } = rails;
  if (transaction.direction !== 'incoming') {
    return null;
  }
  const wallet = await findWalletByDepositAddress(core.db, transaction.chain, transaction.address);
  if (!wallet || wallet.asset !== transaction.asset) {
    core.log.warn(
      { chain: transaction.chain, txHash: transaction.txHash },
      'crypto sent to no wallet of ours',
    );
    return null;
  }
  const asset = cashAsset(wallet.asset);
  const operationId = nameBasedUuid(
    `tessera.cash-operations.crypto-deposit:${transaction.chain}:${transaction.txHash}`,
  );
  const required = rails.settings.confirmationsRequired[transaction.chain];
  const now = core.now();
  const inserted = await insertCryptoDeposit(rails, { id: operationId, wallet, required, now }, transaction);
  const holdId = railLegId.hold(operationId, 0);
  await recordOperation(core, {
    id: operationId,
    walletId: wallet.id,
    userId: wallet.user_id,
    kind: 'crypto_deposit',
    status: 'pending',
    asset: asset.code,
    amountMinor: transaction.amountMinor,
    valueEurMinor: await eurValueMinor(core, asset.code, transaction.amountMinor),
    limitCategory: 'deposit',
    counterparty: transaction.txHash,
    description: null,
    details: {
      type: 'crypto_deposit',
      chain: transaction.chain,
      txHash: transaction.txHash,
      confirmations: required,
    },
    pending: pendingInfo(0, required),
    transferIds: [holdId],
    createdAt: now,
    ledgerDeadline: submissionDeadline(core),
  });
  const outcome = await submitChain(core, [
    {
      id: holdId,
      ledger: asset.code,
      debitAccountId: bankAccountId(asset.code, 'crypto'),
      creditAccountId: wallet.id,
      amount: formatMinor(transaction.amountMinor, asset),
      code: RAIL_LEDGER_CODES.cryptoDeposit,
      flags: { pending: true },
      timeoutSeconds: CRYPTO_DEPOSIT_HOLD_TIMEOUT_SECONDS,
      metadata: operationMetadata(operationId, 'crypto_deposit', {
        counterparty: transaction.txHash,
        settledBy: 'crypto_confirmations',
      }),
    },
  ]);
  await settleHoldOutcome(core, operationId, outcome);
  if (inserted && outcome.kind === 'held') {
    core.log.info({ operationId, chain: transaction.chain }, 'crypto deposit detected');
  }
  return operationId;
}

/** Records the deposit once per chain transaction; undefined when it was already recorded. */
async function insertCryptoDeposit(
  rails: Rails,
  deposit: { id: string; wallet: WalletRow; required: number; now: Date },
  transaction: ChainTransaction,
): Promise<{ id: string } | undefined> {
  const { id, wallet, required, now } = deposit;
  return rails.db
    .insertInto('crypto_deposits')
    .values({
      id,
      chain: transaction.chain,
      tx_hash: transaction.txHash,
      wallet_id: wallet.id,
      user_id: wallet.user_id,
      asset: wallet.asset,
      amount_minor: transaction.amountMinor.toString(),
      block_height: transaction.blockHeight === null ? null : String(transaction.blockHeight),
      confirmations: 0,
      confirmations_required: required,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['chain', 'tx_hash']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** What the ledger's answer to a deposit's hold means for its record; throws when it must be tried again. */
async function settleHoldOutcome(core: CashCore, operationId: string, outcome: ChainOutcome): Promise<void> {
  if (outcome.kind === 'refused') {
    // The wallet is frozen or closed: nothing was held. Keep the deposit row for reconciliation, void the record
    // (a voided item shows that nothing moved).
    core.log.error({ operationId, code: outcome.rejection.code }, 'a crypto deposit could not be held');
    await updateOperationStatus(core, operationId, { status: 'voided' });
    await confirmOperation(core, operationId);
    return;
  }
  if (outcome.kind !== 'held') {
    // Nothing or not known to be held: the chain watcher's job retries, submitting the same hold id again.
    if (outcome.kind === 'absent') {
      await discardOperation(core, operationId);
    }
    throw ledgerUnavailable(outcome.kind);
  }
  await confirmOperation(core, operationId);
}

/**
 * How long a crypto deposit's hold lasts in the ledger before it releases itself (every hold has an owner and an
 * expiry, issue #13): confirmations take minutes; a transaction not confirmed in a week was dropped by the chain.
 */
export const CRYPTO_DEPOSIT_HOLD_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;

/** Recomputes confirmations of `chain`'s pending deposits; posts those with enough. Idempotent. */
async function updatePendingDeposits(rails: Rails, chains: SimulatedChains, chain: Chain): Promise<void> {
  const { core } = rails;
  const pending = await rails.db
    .selectFrom('crypto_deposits')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(500)
    .execute();
  for (const deposit of pending) {
    // A deposit whose hold the ledger was not seen to take: held again (same ids) once its first attempt is
    // resolved as not held; left for later while its outcome is unknown.
    const holdState = await resolveSubmission(core, deposit.id);
    if (holdState === 'pending') {
      continue;
    }
    if (holdState === 'discarded') {
      await rehold(rails, deposit).catch((error: unknown) => {
        core.log.warn({ err: error, operationId: deposit.id }, 'holding a crypto deposit again failed');
      });
      continue;
    }
    const confirmations = (await chains.confirmationsOf(chain, deposit.tx_hash)) ?? 0;
    if (confirmations >= deposit.confirmations_required) {
      const rejection = await resolveHolds(core, deposit.id, deposit.asset, 1, 'post');
      if (rejection) {
        core.log.error({ operationId: deposit.id, code: rejection.code }, 'posting a crypto deposit failed');
        continue;
      }
      await rails.db
        .updateTable('crypto_deposits')
        .set({ status: 'posted', confirmations, updated_at: core.now() })
        .where('id', '=', deposit.id)
        .execute();
      await updateOperationStatus(core, deposit.id, { status: 'posted' });
    } else if (confirmations !== deposit.confirmations) {
      await rails.db
        .updateTable('crypto_deposits')
        .set({ confirmations, updated_at: core.now() })
        .where('id', '=', deposit.id)
        .execute();
      await updateOperationStatus(core, deposit.id, {
        status: 'pending',
        pending: pendingInfo(confirmations, deposit.confirmations_required),
      });
    }
  }
}

/** Submits the hold of a detected deposit again, as its detection did (same operation and transfer ids). */
async function rehold(rails: Rails, deposit: Selectable<CryptoDepositsTable>): Promise<void> {
  const wallet = await findWalletById(rails.core.db, deposit.wallet_id);
  if (!wallet?.deposit_address || !wallet.deposit_chain) {
    return;
  }
  await detectDeposit(rails, {
    chain: deposit.chain as Chain,
    txHash: deposit.tx_hash,
    direction: 'incoming',
    address: wallet.deposit_address,
    asset: deposit.asset,
    amountMinor: BigInt(deposit.amount_minor),
    blockHeight: deposit.block_height === null ? null : Number(deposit.block_height),
  });
}

/** GET /crypto/networks. */
export async function listNetworks(rails: Rails, crypto: CryptoRail) {
  return {
    items: await Promise.all(
      CHAINS.map(async (chain) => ({
        chain,
        assets: chain === 'bitcoin' ? (['BTC'] as const) : (['ETH', 'USDC'] as const),
        confirmationsRequired: rails.settings.confirmationsRequired[chain],
        tipHeight: await crypto.chains.tipHeight(chain),
        blockIntervalMs:
          rails.settings.blockIntervalMs[chain] > 0 ? rails.settings.blockIntervalMs[chain] : null,
      })),
    ),
  };
}
