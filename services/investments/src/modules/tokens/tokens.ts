/**
 * Tokenized assets management: a fund's units as a permissioned token in the manner of ERC-3643 (T-REX)
 * (docs/adr/0021-tokenized-fund-units.md; docs/api.md, "Tokenized assets").
 *
 * - Holders transfer units to another verified customer found by e-mail, after a compliance pre-check that names
 *   every reason it fails and the smallest change that would make it pass; the transfer runs the check again and is
 *   one ledger transfer between the two units accounts, idempotent by key.
 * - The issuer freezes a part of a holder's units: a pending ledger transfer from the holder's units account holds
 *   them (the account's `debitsMustNotExceedCredits` counts pending debits), so the ledger itself refuses to move
 *   them. Changing the frozen part voids the hold and places a new one in one linked batch.
 * - Pause stops holders' transfers (not the issuer's forced transfers, not invest or redeem).
 * - A forced transfer moves a holder's units to another holder; when it needs frozen units, the frozen part shrinks
 *   by what it takes (as T-REX's forcedTransfer does), in the same linked batch.
 * - A distribution pays cash from the issuer's wallet to every other holder pro rata to their units, cut to the
 *   cent, in one linked batch (all land or none); the cut's remainder and the issuer's own share stay in the wallet.
 */
import { createHash } from 'node:crypto';
import {
  BANK_TENANT_ID,
  type CreateIssuerTokenRequest,
  FUND_KYC_LEVEL_REQUIRED,
  FUND_MANAGED_MAX,
  type IssuerToken,
  FUND_UNITS_SCALE,
  TOKEN_AUDIT_PAGE_MAX,
  TOKEN_RECIPIENT_LOOKUP_WINDOW_S,
  TOKEN_RECIPIENT_LOOKUPS_MAX,
  type TokenAuditAction,
  type TokenAuditEntry,
  type TokenCheckReason,
  type TokenDistribution,
  type TokenDistributionShare,
  type TokenHolder,
  type TokenPosition,
  type TokenRegister,
  type TokenTransfer,
  type TokenTransferCheck,
  type TransferInput,
  uuidv7,
} from '@tessera/contracts';
import { type Principal, RateLimitedError } from '@tessera/platform';
import { sql } from 'kysely';
import { IdempotencyKeyReusedError, ManagedFundsLimitError } from '../../errors.ts';
import { CASH_SCALE, formatFixed, parseFixed } from '../fixed.ts';
import { holderAccountId, investmentsId, issuanceAccountId, ledgerCode } from '../fund-ledger.ts';
import { type FundRecord, insertFundOnce, loadFund } from '../funds.ts';
import type { InvestmentsCore } from '../investments-core.ts';
import {
  DistributionFailedError,
  NoHoldersError,
  NotATokenError,
  NotHolderError,
  NotIssuerError,
  NothingFrozenError,
  RecipientNotVerifiedError,
  SymbolTakenError,
  TokenInsufficientFundsError,
  TokenInsufficientUnitsError,
  TokenNoWalletError,
  TransferRefusedError,
} from './token-errors.ts';
import type { TokensDatabase } from './token-tables.ts';

/** Ledger transfer codes of tokenized assets (docs/api.md, "Tokenized assets"). */
export const TOKEN_TRANSFER_CODES = {
  transfer: 6010,
  freezeHold: 6011,
  forcedTransfer: 6012,
  distribution: 6013,
  mint: 6014,
  burn: 6015,
} as const;

/** Staff groups that may read any fund's issuer audit. */
export const TOKEN_AUDIT_STAFF_GROUPS = ['admin', 'support_agent'] as const;
/** The staff group that acts as the issuer of Tessera's curated funds. */
export const CURATED_ISSUER_GROUP = 'admin';

const units = (micro: bigint): string => formatFixed(micro, FUND_UNITS_SCALE);
const cents = (minor: bigint): string => formatFixed(minor, CASH_SCALE);
const dbOf = (core: InvestmentsCore): TokensDatabase => core.db as unknown as TokensDatabase;
const hashOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

// ---------------------------------------------------------------------------------------------------------------
// Who may act, and what a holder holds
// ---------------------------------------------------------------------------------------------------------------

/** The caller's issuer role for the fund: its manager, or admin staff for a curated fund; else TOKENS_NOT_ISSUER. */
export function issuerRoleOf(fund: FundRecord, principal: Principal): 'manager' | 'staff' {
  const role = findIssuerRole(fund, principal);
  if (role === null) {
    throw new NotIssuerError();
  }
  return role;
}

function findIssuerRole(fund: FundRecord, principal: Principal): 'manager' | 'staff' | null {
  if (fund.kind === 'community' && fund.managerId === principal.userId) {
    return 'manager';
  }
  if (fund.kind === 'curated' && principal.groups.includes(CURATED_ISSUER_GROUP)) {
    return 'staff';
  }
  return null;
}

interface Holding {
  readonly held: bigint;
  readonly frozen: bigint;
  /** Posted less every pending debit (the frozen part and units held by a redemption in progress). */
  readonly available: bigint;
}

async function holdingOf(core: InvestmentsCore, fund: FundRecord, userId: string): Promise<Holding> {
  let held = 0n;
  let available = 0n;
  try {
    const account = await core.ledger.getAccount(BANK_TENANT_ID, holderAccountId(fund.id, userId));
    held = parseFixed(account.balance.posted, FUND_UNITS_SCALE);
    available = parseFixed(account.balance.available, FUND_UNITS_SCALE);
  } catch (error) {
    if (ledgerCode(error) !== 'LEDGER_ACCOUNT_NOT_FOUND') {
      throw error;
    }
  }
  const row = await dbOf(core)
    .selectFrom('token_freezes')
    .select('frozen_micro')
    .where('fund_id', '=', fund.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { held, frozen: BigInt(row?.frozen_micro ?? '0'), available: available < 0n ? 0n : available };
}

async function isPaused(core: InvestmentsCore, fundId: string): Promise<boolean> {
  const row = await dbOf(core)
    .selectFrom('token_pauses')
    .select('paused')
    .where('fund_id', '=', fundId)
    .executeTakeFirst();
  return row?.paused ?? false;
}

/** Every customer who ever received units of the fund (by investing or by transfer) and since when. */
async function holderSince(core: InvestmentsCore, fundId: string): Promise<Map<string, Date>> {
  const since = new Map<string, Date>();
  const subscribed = await core.db
    .selectFrom('fund_operations')
    .select(['user_id', 'created_at'])
    .where('fund_id', '=', fundId)
    .where('kind', '=', 'subscription')
    .where('status', '=', 'minted')
    .execute();
  const received = await dbOf(core)
    .selectFrom('token_holders')
    .select(['user_id', 'since as created_at'])
    .where('fund_id', '=', fundId)
    .execute();
  for (const row of [...subscribed, ...received]) {
    const at = new Date(row.created_at);
    const known = since.get(row.user_id);
    if (known === undefined || at < known) {
      since.set(row.user_id, at);
    }
  }
  return since;
}

/** GET /tokens/funds/:fundId/position: the caller's own units, frozen part, and the asset's state. */
export async function positionOf(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
): Promise<TokenPosition> {
  const fund = await loadFund(core, fundId);
  const holding = await holdingOf(core, fund, principal.userId);
  return {
    fundId: fund.id,
    units: units(holding.held),
    frozenUnits: units(holding.frozen),
    availableUnits: units(holding.available),
    paused: await isPaused(core, fund.id),
    isIssuer: findIssuerRole(fund, principal) !== null,
    token: fund.token ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The compliance pre-check and the holder's transfer
// ---------------------------------------------------------------------------------------------------------------

function digestOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * Counts a lookup of a new address (at most TOKEN_RECIPIENT_LOOKUPS_MAX different addresses a day per customer:
 * the check says whether an address is a customer's, so it must not become a free directory).
 */
async function countLookup(core: InvestmentsCore, userId: string, email: string): Promise<void> {
  const db = dbOf(core);
  const now = core.now();
  const windowStart = new Date(now.getTime() - TOKEN_RECIPIENT_LOOKUP_WINDOW_S * 1000);
  const digest = digestOf(email);
  await db
    .deleteFrom('token_recipient_lookups')
    .where('user_id', '=', userId)
    .where('looked_up_at', '<=', windowStart)
    .execute();
  const added = await db
    .insertInto('token_recipient_lookups')
    .values({ user_id: userId, email_sha256: digest, looked_up_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'email_sha256']).doNothing())
    .returning('email_sha256')
    .executeTakeFirst();
  if (!added) {
    return;
  }
  const { count } = await db
    .selectFrom('token_recipient_lookups')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) > TOKEN_RECIPIENT_LOOKUPS_MAX) {
    await db
      .deleteFrom('token_recipient_lookups')
      .where('user_id', '=', userId)
      .where('email_sha256', '=', digest)
      .execute();
    throw new RateLimitedError('You have looked up many recipients today: try again later.', {
      reason: 'token_recipient_lookups',
      limit: TOKEN_RECIPIENT_LOOKUPS_MAX,
      windowSeconds: TOKEN_RECIPIENT_LOOKUP_WINDOW_S,
    });
  }
}

interface CheckOutcome {
  readonly check: TokenTransferCheck;
  readonly recipientId: string | null;
}

async function runCheck(
  core: InvestmentsCore,
  fund: FundRecord,
  senderId: string,
  email: string,
  unitsMicro: bigint,
): Promise<CheckOutcome> {
  const reasons: TokenCheckReason[] = [];
  if (await isPaused(core, fund.id)) {
    reasons.push({ code: 'TRANSFERS_PAUSED', fix: { kind: 'waitForResume' } });
  }
  const sender = await core.customers.getCustomer(senderId);
  if (sender.kycLevel < FUND_KYC_LEVEL_REQUIRED) {
    reasons.push({
      code: 'SENDER_NOT_VERIFIED',
      fix: { kind: 'senderVerification', level: FUND_KYC_LEVEL_REQUIRED },
    });
  }
  // Only a verified customer's check looks the address up (it says who banks here), at most 20 new addresses a day.
  let recipient: { userId: string; displayName: string } | null = null;
  if (sender.kycLevel >= FUND_KYC_LEVEL_REQUIRED) {
    await countLookup(core, senderId, email);
    recipient = (await core.directory?.lookupCustomerByEmail(email)) ?? null;
  }
  if (sender.kycLevel < FUND_KYC_LEVEL_REQUIRED) {
    // The recipient is not looked up: the sender verifies first.
  } else if (recipient === null) {
    reasons.push({ code: 'RECIPIENT_NOT_CUSTOMER', fix: { kind: 'otherRecipient' } });
  } else if (recipient.userId === senderId) {
    reasons.push({ code: 'RECIPIENT_IS_SELF', fix: { kind: 'otherRecipient' } });
  } else if ((await core.customers.getCustomer(recipient.userId)).kycLevel < FUND_KYC_LEVEL_REQUIRED) {
    reasons.push({
      code: 'RECIPIENT_NOT_VERIFIED',
      fix: { kind: 'recipientVerification', level: FUND_KYC_LEVEL_REQUIRED },
    });
  }
  const holding = await holdingOf(core, fund, senderId);
  const amounts = {
    held: units(holding.held),
    frozen: units(holding.frozen),
    available: units(holding.available),
  };
  let suggestedUnits: string | null = null;
  if (unitsMicro > holding.available) {
    const fix =
      holding.available > 0n
        ? ({ kind: 'reduceUnits', units: units(holding.available) } as const)
        : holding.held > 0n
          ? ({ kind: 'askIssuerToUnfreeze' } as const)
          : ({ kind: 'investFirst' } as const);
    suggestedUnits = fix.kind === 'reduceUnits' ? fix.units : null;
    reasons.push({
      code: unitsMicro > holding.held || holding.frozen === 0n ? 'INSUFFICIENT_UNITS' : 'UNITS_FROZEN',
      ...amounts,
      fix,
    });
  }
  return {
    check: {
      fundId: fund.id,
      units: units(unitsMicro),
      allowed: reasons.length === 0,
      recipientName: recipient !== null && recipient.userId !== senderId ? recipient.displayName : null,
      reasons,
      suggestedUnits,
    },
    recipientId: recipient?.userId ?? null,
  };
}

/** POST /tokens/funds/:fundId/transfers/check. */
export async function checkTransfer(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  email: string,
  requested: string,
): Promise<TokenTransferCheck> {
  const fund = await loadFund(core, fundId);
  return (await runCheck(core, fund, principal.userId, email, parseFixed(requested, FUND_UNITS_SCALE))).check;
}

type TransferRow = {
  id: string;
  fund_id: string;
  kind: 'transfer' | 'forced' | 'mint' | 'burn';
  from_user_id: string;
  to_user_id: string;
  units_micro: string;
  reason: string | null;
  created_at: Date;
};

async function transferView(core: InvestmentsCore, row: TransferRow): Promise<TokenTransfer> {
  return {
    id: row.id,
    fundId: row.fund_id,
    kind: row.kind,
    units: units(BigInt(row.units_micro)),
    recipientName: await core.displayName(row.kind === 'burn' ? row.from_user_id : row.to_user_id),
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

async function findTransfer(core: InvestmentsCore, requestedBy: string, key: string, requestHash: string) {
  const row = await dbOf(core)
    .selectFrom('token_transfers')
    .selectAll()
    .where('requested_by', '=', requestedBy)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (row !== undefined && row.request_hash !== requestHash) {
    throw new IdempotencyKeyReusedError();
  }
  return row;
}

async function recordHolder(core: InvestmentsCore, fundId: string, userId: string): Promise<void> {
  await dbOf(core)
    .insertInto('token_holders')
    .values({ fund_id: fundId, user_id: userId, since: core.now() })
    .onConflict((conflict) => conflict.columns(['fund_id', 'user_id']).doNothing())
    .execute();
}

/** Records a linked batch; answers the first rejection's code, or null when every transfer landed (or existed). */
async function linkedBatch(core: InvestmentsCore, batch: TransferInput[]): Promise<string | null> {
  const chained = batch.map((transfer, index) => ({
    ...transfer,
    flags: { ...transfer.flags, ...(index < batch.length - 1 ? { linked: true } : {}) },
  }));
  const results = await core.ledger.createTransfers(BANK_TENANT_ID, chained);
  const refused = results.find(
    (result) => result.status === 'rejected' && result.error.code !== 'LEDGER_LINKED_EVENT_FAILED',
  );
  if (refused?.status === 'rejected') {
    return refused.error.code;
  }
  const any = results.find((result) => result.status === 'rejected');
  return any?.status === 'rejected' ? any.error.code : null;
}

/** POST /tokens/funds/:fundId/transfers (Idempotency-Key): the check again, then one ledger transfer. */
export async function transferUnits(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  body: { recipientEmail: string; units: string },
  key: string,
): Promise<{ transfer: TokenTransfer; created: boolean }> {
  const fund = await loadFund(core, fundId);
  const senderId = principal.userId;
  const unitsMicro = parseFixed(body.units, FUND_UNITS_SCALE);
  const requestHash = hashOf({
    fundId: fund.id,
    email: body.recipientEmail.trim().toLowerCase(),
    units: units(unitsMicro),
  });
  const existing = await findTransfer(core, senderId, key, requestHash);
  if (existing !== undefined) {
    return { transfer: await transferView(core, existing), created: false };
  }
  return core.serial(fund.id, async () => {
    const again = await findTransfer(core, senderId, key, requestHash);
    if (again !== undefined) {
      return { transfer: await transferView(core, again), created: false };
    }
    const id = investmentsId(`token-transfer:${senderId}:${key}`);
    let recipientId: string;
    const landed = await ledgerTransferTo(core, id);
    if (landed !== null) {
      // A crash after the ledger moved the units and before the row was written: the ledger has the answer.
      recipientId = landed;
    } else {
      const outcome = await runCheck(core, fund, senderId, body.recipientEmail, unitsMicro);
      if (!outcome.check.allowed || outcome.recipientId === null) {
        throw new TransferRefusedError(undefined, {
          reasons: outcome.check.reasons,
          suggestedUnits: outcome.check.suggestedUnits,
        });
      }
      recipientId = outcome.recipientId;
      const to = await core.fundLedger.ensureHolder(fund, recipientId);
      const refused = await linkedBatch(core, [
        {
          id,
          ledger: fund.unitsLedger,
          debitAccountId: holderAccountId(fund.id, senderId),
          creditAccountId: to,
          amount: units(unitsMicro),
          code: TOKEN_TRANSFER_CODES.transfer,
          metadata: { fundId: fund.id, from: senderId, to: recipientId, kind: 'transfer' },
        },
      ]);
      if (refused !== null) {
        const recheck = await runCheck(core, fund, senderId, body.recipientEmail, unitsMicro);
        throw new TransferRefusedError(undefined, {
          reasons: recheck.check.reasons,
          suggestedUnits: recheck.check.suggestedUnits,
          ledgerCode: refused,
        });
      }
    }
    await recordHolder(core, fund.id, recipientId);
    const row = {
      id,
      fund_id: fund.id,
      kind: 'transfer' as const,
      requested_by: senderId,
      idempotency_key: key,
      request_hash: requestHash,
      from_user_id: senderId,
      to_user_id: recipientId,
      units_micro: unitsMicro.toString(),
      reason: null,
      created_at: core.now(),
    };
    await dbOf(core)
      .insertInto('token_transfers')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return { transfer: await transferView(core, row), created: true };
  });
}

/** The recipient of a ledger transfer that exists (its metadata), or null when it does not exist. */
async function ledgerTransferTo(core: InvestmentsCore, id: string): Promise<string | null> {
  try {
    const view = await core.ledger.getTransfer(BANK_TENANT_ID, id);
    return view.transfer.metadata['to'] ?? null;
  } catch (error) {
    if (ledgerCode(error) === 'LEDGER_TRANSFER_NOT_FOUND') {
      return null;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Issuer actions
// ---------------------------------------------------------------------------------------------------------------

async function audit(
  core: InvestmentsCore,
  fund: FundRecord,
  principal: Principal,
  role: 'manager' | 'staff',
  action: TokenAuditAction,
  values: { holderId?: string; unitsMicro?: bigint; amountMinor?: bigint; reason?: string | undefined },
): Promise<void> {
  await dbOf(core)
    .insertInto('token_audit')
    .values({
      id: uuidv7(core.now().getTime()),
      fund_id: fund.id,
      action,
      actor_id: principal.userId,
      actor_role: role,
      holder_id: values.holderId ?? null,
      units_micro: values.unitsMicro?.toString() ?? null,
      amount_minor: values.amountMinor?.toString() ?? null,
      reason: values.reason ?? null,
      created_at: core.now(),
    })
    .execute();
}

/** The transfers that move the frozen part from `current` (held by `holdId`) to `next`, and the new hold's id. */
function refreezeLegs(
  fund: FundRecord,
  userId: string,
  state: { holdId: string | null; version: number },
  next: bigint,
): { legs: TransferInput[]; holdId: string | null } {
  const legs: TransferInput[] = [];
  if (state.holdId !== null) {
    legs.push({
      id: investmentsId(`freeze-void:${state.holdId}`),
      ledger: fund.unitsLedger,
      pendingId: state.holdId,
      flags: { voidPendingTransfer: true },
    });
  }
  let holdId: string | null = null;
  if (next > 0n) {
    holdId = investmentsId(`freeze:${fund.id}:${userId}:${state.version + 1}`);
    legs.push({
      id: holdId,
      ledger: fund.unitsLedger,
      debitAccountId: holderAccountId(fund.id, userId),
      creditAccountId: issuanceAccountId(fund.id),
      amount: units(next),
      code: TOKEN_TRANSFER_CODES.freezeHold,
      flags: { pending: true },
      metadata: { fundId: fund.id, holder: userId, role: 'freeze' },
    });
  }
  return { legs, holdId };
}

async function freezeState(core: InvestmentsCore, fund: FundRecord, userId: string) {
  const row = await dbOf(core)
    .selectFrom('token_freezes')
    .selectAll()
    .where('fund_id', '=', fund.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    frozen: BigInt(row?.frozen_micro ?? '0'),
    holdId: row?.hold_id ?? null,
    version: row?.version ?? 0,
  };
}

async function storeFreeze(
  core: InvestmentsCore,
  fund: FundRecord,
  userId: string,
  frozen: bigint,
  holdId: string | null,
  version: number,
): Promise<void> {
  const values = { frozen_micro: frozen.toString(), hold_id: holdId, version, updated_at: core.now() };
  await dbOf(core)
    .insertInto('token_freezes')
    .values({ fund_id: fund.id, user_id: userId, ...values })
    .onConflict((conflict) => conflict.columns(['fund_id', 'user_id']).doUpdateSet(values))
    .execute();
}

async function requireHolder(core: InvestmentsCore, fund: FundRecord, userId: string): Promise<Holding> {
  const holding = await holdingOf(core, fund, userId);
  if (holding.held <= 0n) {
    throw new NotHolderError();
  }
  return holding;
}

/** POST /tokens/funds/:fundId/freeze and /unfreeze: the frozen part grows or shrinks; answers the holder's line. */
export async function changeFreeze(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  direction: 'freeze' | 'unfreeze',
  body: { holderId: string; units: string; reason?: string | undefined },
): Promise<TokenHolder> {
  const fund = await loadFund(core, fundId);
  const role = issuerRoleOf(fund, principal);
  return core.serial(fund.id, async () => {
    const holding = await requireHolder(core, fund, body.holderId);
    const state = await freezeState(core, fund, body.holderId);
    let change: bigint;
    let next: bigint;
    if (direction === 'freeze') {
      change = body.units === 'all' ? holding.available : parseFixed(body.units, FUND_UNITS_SCALE);
      if (change <= 0n || change > holding.available) {
        throw new TokenInsufficientUnitsError(undefined, { available: units(holding.available) });
      }
      next = state.frozen + change;
    } else {
      change = body.units === 'all' ? state.frozen : parseFixed(body.units, FUND_UNITS_SCALE);
      if (change <= 0n || change > state.frozen) {
        throw new NothingFrozenError(undefined, { frozen: units(state.frozen) });
      }
      next = state.frozen - change;
    }
    const { legs, holdId } = refreezeLegs(fund, body.holderId, state, next);
    const refused = await linkedBatch(core, legs);
    if (refused !== null) {
      throw new TokenInsufficientUnitsError(undefined, {
        available: units(holding.available),
        ledgerCode: refused,
      });
    }
    await storeFreeze(core, fund, body.holderId, next, holdId, state.version + 1);
    await audit(core, fund, principal, role, direction, {
      holderId: body.holderId,
      unitsMicro: change,
      reason: body.reason,
    });
    const register = await buildRegister(core, fund);
    return register.holders.find((holder) => holder.holderId === body.holderId)!;
  });
}

/** POST /tokens/funds/:fundId/pause and /resume. */
export async function setPaused(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  paused: boolean,
  reason: string | undefined,
): Promise<{ fundId: string; paused: boolean }> {
  const fund = await loadFund(core, fundId);
  const role = issuerRoleOf(fund, principal);
  await core.serial(fund.id, async () => {
    await dbOf(core)
      .insertInto('token_pauses')
      .values({ fund_id: fund.id, paused, updated_at: core.now() })
      .onConflict((conflict) => conflict.column('fund_id').doUpdateSet({ paused, updated_at: core.now() }))
      .execute();
    await audit(core, fund, principal, role, paused ? 'pause' : 'resume', { reason });
  });
  return { fundId: fund.id, paused };
}

/** POST /tokens/funds/:fundId/forced-transfers (Idempotency-Key, a reason): between two holders, audited. */
export async function forceTransfer(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  body: { fromHolderId: string; toHolderId: string; units: string; reason: string },
  key: string,
): Promise<{ transfer: TokenTransfer; created: boolean }> {
  const fund = await loadFund(core, fundId);
  const role = issuerRoleOf(fund, principal);
  const unitsMicro = parseFixed(body.units, FUND_UNITS_SCALE);
  const requestHash = hashOf({ fundId: fund.id, ...body, units: units(unitsMicro) });
  const existing = await findTransfer(core, principal.userId, key, requestHash);
  if (existing !== undefined) {
    return { transfer: await transferView(core, existing), created: false };
  }
  return core.serial(fund.id, async () => {
    const again = await findTransfer(core, principal.userId, key, requestHash);
    if (again !== undefined) {
      return { transfer: await transferView(core, again), created: false };
    }
    const id = investmentsId(`token-forced:${principal.userId}:${key}`);
    const from = await requireHolder(core, fund, body.fromHolderId);
    await requireHolder(core, fund, body.toHolderId);
    if (body.fromHolderId === body.toHolderId) {
      throw new TransferRefusedError(undefined, {
        reasons: [{ code: 'RECIPIENT_IS_SELF', fix: { kind: 'otherRecipient' } }],
      });
    }
    if ((await core.customers.getCustomer(body.toHolderId)).kycLevel < FUND_KYC_LEVEL_REQUIRED) {
      throw new RecipientNotVerifiedError(undefined, { requiredLevel: FUND_KYC_LEVEL_REQUIRED });
    }
    const state = await freezeState(core, fund, body.fromHolderId);
    if (unitsMicro > from.available + state.frozen) {
      throw new TokenInsufficientUnitsError(undefined, { available: units(from.available + state.frozen) });
    }
    const fromFrozen = unitsMicro > from.available ? unitsMicro - from.available : 0n;
    const move: TransferInput = {
      id,
      ledger: fund.unitsLedger,
      debitAccountId: holderAccountId(fund.id, body.fromHolderId),
      creditAccountId: await core.fundLedger.ensureHolder(fund, body.toHolderId),
      amount: units(unitsMicro),
      code: TOKEN_TRANSFER_CODES.forcedTransfer,
      metadata: { fundId: fund.id, from: body.fromHolderId, to: body.toHolderId, kind: 'forced' },
    };
    let legs: TransferInput[] = [move];
    let refrozen: { holdId: string | null } | null = null;
    if (fromFrozen > 0n) {
      // The frozen part shrinks by what the transfer takes: void the hold, move, hold the rest, all or nothing.
      const next = refreezeLegs(fund, body.fromHolderId, state, state.frozen - fromFrozen);
      legs = [next.legs[0]!, move, ...next.legs.slice(1)];
      refrozen = next;
    }
    const refused = await linkedBatch(core, legs);
    if (refused !== null) {
      throw new TokenInsufficientUnitsError(undefined, { ledgerCode: refused });
    }
    if (refrozen !== null) {
      await storeFreeze(
        core,
        fund,
        body.fromHolderId,
        state.frozen - fromFrozen,
        refrozen.holdId,
        state.version + 1,
      );
    }
    const row = {
      id,
      fund_id: fund.id,
      kind: 'forced' as const,
      requested_by: principal.userId,
      idempotency_key: key,
      request_hash: requestHash,
      from_user_id: body.fromHolderId,
      to_user_id: body.toHolderId,
      units_micro: unitsMicro.toString(),
      reason: body.reason,
      created_at: core.now(),
    };
    await dbOf(core).insertInto('token_transfers').values(row).execute();
    await audit(core, fund, principal, role, 'forced_transfer', {
      holderId: body.fromHolderId,
      unitsMicro,
      reason: `${body.reason} (to ${body.toHolderId})`,
    });
    return { transfer: await transferView(core, row), created: true };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Issuer tokens: creation, mint and burn
// ---------------------------------------------------------------------------------------------------------------

function issuerTokenView(fund: FundRecord): IssuerToken {
  return {
    id: fund.id,
    name: fund.name,
    symbol: fund.token?.symbol ?? '',
    currency: fund.currency,
    parValue: fund.token?.parValue ?? '0.00',
    description: fund.description,
    createdAt: fund.createdAt.toISOString(),
  };
}

/** Whether an error is the unique index on token symbols (migrations/0006) refusing a second token of a symbol. */
function isSymbolTaken(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    failure.code === '23505' &&
    String(failure.constraint ?? failure.message).includes('funds_token_symbol_unique')
  );
}

/** The token created earlier with this Idempotency-Key, when it is the same request; undefined when none. */
async function tokenOfKey(
  core: InvestmentsCore,
  id: string,
  principal: Principal,
  request: { name: string; symbol: string; currency: string; parValue: string; description: string },
): Promise<IssuerToken | undefined> {
  const row = await core.db.selectFrom('funds').select('id').where('id', '=', id).executeTakeFirst();
  if (row === undefined) {
    return undefined;
  }
  const fund = await loadFund(core, id);
  if (!isSameToken(fund, principal, request)) {
    throw new IdempotencyKeyReusedError();
  }
  await core.fundLedger.ensureFund(fund);
  return issuerTokenView(fund);
}

/** Whether the token is what this request of this caller would create. */
function isSameToken(
  fund: FundRecord,
  principal: Principal,
  request: { name: string; symbol: string; currency: string; parValue: string; description: string },
): boolean {
  return (
    fund.managerId === principal.userId &&
    fund.name === request.name &&
    fund.description === request.description &&
    fund.currency === request.currency &&
    fund.token?.symbol === request.symbol &&
    fund.token.parValue === request.parValue
  );
}

/**
 * The symbol is taken: TOKENS_SYMBOL_TAKEN, unless the token holding it is this key's (the same request sent twice
 * at once, the first one having created it since this one looked): then the first request's token.
 */
async function refuseTakenSymbol(
  core: InvestmentsCore,
  principal: Principal,
  request: { name: string; symbol: string; currency: string; parValue: string; description: string },
  id: string | undefined,
): Promise<{ token: IssuerToken; created: boolean }> {
  const first = id === undefined ? undefined : await tokenOfKey(core, id, principal, request);
  if (first !== undefined) {
    return { token: first, created: false };
  }
  throw new SymbolTakenError(undefined, { symbol: request.symbol });
}

/**
 * POST /tokens/issued: an issuer token of the caller (KYC level 2): a fund row of asset kind `token` with its own
 * units ledger and issuance account, no composition and no fee. It counts toward the funds one customer manages.
 * Its symbol is unique among tokens whatever the case (TOKENS_SYMBOL_TAKEN; the database's unique index decides
 * between two creations at once). With an Idempotency-Key the token's id is derived from the caller and the key, so
 * a retry answers the token created first (`created` false) rather than TOKENS_SYMBOL_TAKEN.
 */
export async function createIssuerToken(
  core: InvestmentsCore,
  principal: Principal,
  request: Required<Omit<CreateIssuerTokenRequest, 'description' | 'currency'>> & {
    description: string;
    currency: FundRecord['currency'];
  },
  key?: string,
): Promise<{ token: IssuerToken; created: boolean }> {
  const parValue = cents(parseFixed(request.parValue, CASH_SCALE));
  const wanted = { ...request, parValue };
  const id = key === undefined ? undefined : investmentsId(`token-issue:${principal.userId}:${key}`);
  if (id !== undefined) {
    const first = await tokenOfKey(core, id, principal, wanted);
    if (first !== undefined) {
      return { token: first, created: false };
    }
  }
  await core.requireVerified(principal.userId);
  const taken = await core.db
    .selectFrom('funds')
    .select('id')
    .where('asset_kind', '=', 'token')
    .where(sql<string>`upper(symbol)`, '=', request.symbol.toUpperCase())
    .executeTakeFirst();
  if (taken !== undefined) {
    return refuseTakenSymbol(core, principal, wanted, id);
  }
  const managed = await core.db
    .selectFrom('funds')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('manager_id', '=', principal.userId)
    .executeTakeFirstOrThrow();
  if (Number(managed.count) >= FUND_MANAGED_MAX) {
    throw new ManagedFundsLimitError(undefined, { max: FUND_MANAGED_MAX });
  }
  let inserted: { fund: FundRecord; inserted: boolean };
  try {
    inserted = await insertFundOnce(core, {
      ...(id === undefined ? {} : { id }),
      kind: 'community',
      managerId: principal.userId,
      name: request.name,
      description: request.description,
      currency: request.currency,
      feePercent: '0.00',
      components: [],
      token: { symbol: request.symbol, parValue },
    });
  } catch (error) {
    if (!isSymbolTaken(error)) {
      throw error;
    }
    return refuseTakenSymbol(core, principal, wanted, id);
  }
  const { fund } = inserted;
  if (!isSameToken(fund, principal, wanted)) {
    // The same key's concurrent request with another body inserted this id first (insertFundOnce answers its row).
    throw new IdempotencyKeyReusedError();
  }
  return { token: issuerTokenView(fund), created: inserted.inserted };
}

/** The fund when it is an issuer token and the caller its issuer; TOKENS_NOT_A_TOKEN for a fund. */
async function issuedToken(core: InvestmentsCore, principal: Principal, fundId: string) {
  const fund = await loadFund(core, fundId);
  const role = issuerRoleOf(fund, principal);
  if (!fund.token) {
    throw new NotATokenError();
  }
  return { fund, role };
}

/**
 * POST /tokens/funds/:fundId/mint (Idempotency-Key, a reason): new units from the token's issuance account to a
 * verified customer found by e-mail (the transfer's compliance reasons for the recipient), one ledger transfer whose
 * id is derived from the issuer and the key; audited.
 */
export async function mintUnits(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  body: { recipientEmail: string; units: string; reason: string },
  key: string,
): Promise<{ transfer: TokenTransfer; created: boolean }> {
  const { fund, role } = await issuedToken(core, principal, fundId);
  const unitsMicro = parseFixed(body.units, FUND_UNITS_SCALE);
  const requestHash = hashOf({
    kind: 'mint',
    fundId: fund.id,
    email: body.recipientEmail.trim().toLowerCase(),
    units: units(unitsMicro),
    reason: body.reason,
  });
  const existing = await findTransfer(core, principal.userId, key, requestHash);
  if (existing !== undefined) {
    return { transfer: await transferView(core, existing), created: false };
  }
  await core.requireVerified(principal.userId);
  return core.serial(fund.id, async () => {
    const again = await findTransfer(core, principal.userId, key, requestHash);
    if (again !== undefined) {
      return { transfer: await transferView(core, again), created: false };
    }
    const id = investmentsId(`token-mint:${principal.userId}:${key}`);
    let recipientId = await ledgerTransferTo(core, id);
    if (recipientId === null) {
      await countLookup(core, principal.userId, body.recipientEmail);
      const recipient = (await core.directory?.lookupCustomerByEmail(body.recipientEmail)) ?? null;
      if (recipient === null) {
        throw new TransferRefusedError(undefined, {
          reasons: [{ code: 'RECIPIENT_NOT_CUSTOMER', fix: { kind: 'otherRecipient' } }],
          suggestedUnits: null,
        });
      }
      if ((await core.customers.getCustomer(recipient.userId)).kycLevel < FUND_KYC_LEVEL_REQUIRED) {
        throw new TransferRefusedError(undefined, {
          reasons: [
            {
              code: 'RECIPIENT_NOT_VERIFIED',
              fix: { kind: 'recipientVerification', level: FUND_KYC_LEVEL_REQUIRED },
            },
          ],
          suggestedUnits: null,
        });
      }
      recipientId = recipient.userId;
      await core.fundLedger.ensureFund(fund);
      const refused = await linkedBatch(core, [
        {
          id,
          ledger: fund.unitsLedger,
          debitAccountId: issuanceAccountId(fund.id),
          creditAccountId: await core.fundLedger.ensureHolder(fund, recipientId),
          amount: units(unitsMicro),
          code: TOKEN_TRANSFER_CODES.mint,
          metadata: { fundId: fund.id, from: 'issuance', to: recipientId, kind: 'mint' },
        },
      ]);
      if (refused !== null) {
        throw new TokenInsufficientUnitsError(undefined, { ledgerCode: refused });
      }
    }
    await recordHolder(core, fund.id, recipientId);
    return recordIssuance(core, fund, principal, role, 'mint', {
      id,
      key,
      requestHash,
      holderId: recipientId,
      unitsMicro,
      reason: body.reason,
    });
  });
}

/**
 * POST /tokens/funds/:fundId/burn (Idempotency-Key, a reason): a holder's free units back to the issuance account,
 * one ledger transfer; frozen units cannot be burnt (the holder's account counts the freeze's pending debit, so the
 * ledger itself refuses), the issuer unfreezes first. Audited.
 */
export async function burnUnits(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  body: { holderId: string; units: string; reason: string },
  key: string,
): Promise<{ transfer: TokenTransfer; created: boolean }> {
  const { fund, role } = await issuedToken(core, principal, fundId);
  const unitsMicro = parseFixed(body.units, FUND_UNITS_SCALE);
  const requestHash = hashOf({ kind: 'burn', fundId: fund.id, ...body, units: units(unitsMicro) });
  const existing = await findTransfer(core, principal.userId, key, requestHash);
  if (existing !== undefined) {
    return { transfer: await transferView(core, existing), created: false };
  }
  return core.serial(fund.id, async () => {
    const again = await findTransfer(core, principal.userId, key, requestHash);
    if (again !== undefined) {
      return { transfer: await transferView(core, again), created: false };
    }
    const id = investmentsId(`token-burn:${principal.userId}:${key}`);
    if ((await ledgerTransferTo(core, id)) === null) {
      const holding = await requireHolder(core, fund, body.holderId);
      if (unitsMicro > holding.available) {
        throw new TokenInsufficientUnitsError(undefined, {
          available: units(holding.available),
          frozen: units(holding.frozen),
        });
      }
      const refused = await linkedBatch(core, [
        {
          id,
          ledger: fund.unitsLedger,
          debitAccountId: holderAccountId(fund.id, body.holderId),
          creditAccountId: issuanceAccountId(fund.id),
          amount: units(unitsMicro),
          code: TOKEN_TRANSFER_CODES.burn,
          metadata: { fundId: fund.id, from: body.holderId, to: 'issuance', kind: 'burn' },
        },
      ]);
      if (refused !== null) {
        const now = await holdingOf(core, fund, body.holderId);
        throw new TokenInsufficientUnitsError(undefined, {
          available: units(now.available),
          frozen: units(now.frozen),
          ledgerCode: refused,
        });
      }
    }
    return recordIssuance(core, fund, principal, role, 'burn', {
      id,
      key,
      requestHash,
      holderId: body.holderId,
      unitsMicro,
      reason: body.reason,
    });
  });
}

/** Writes a mint's or burn's row (once) and its audit entry; answers the transfer. */
async function recordIssuance(
  core: InvestmentsCore,
  fund: FundRecord,
  principal: Principal,
  role: 'manager' | 'staff',
  kind: 'mint' | 'burn',
  values: {
    id: string;
    key: string;
    requestHash: string;
    holderId: string;
    unitsMicro: bigint;
    reason: string;
  },
): Promise<{ transfer: TokenTransfer; created: boolean }> {
  const row = {
    id: values.id,
    fund_id: fund.id,
    kind,
    requested_by: principal.userId,
    idempotency_key: values.key,
    request_hash: values.requestHash,
    from_user_id: kind === 'mint' ? principal.userId : values.holderId,
    to_user_id: kind === 'mint' ? values.holderId : principal.userId,
    units_micro: values.unitsMicro.toString(),
    reason: values.reason,
    created_at: core.now(),
  };
  const inserted = await dbOf(core)
    .insertInto('token_transfers')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted !== undefined) {
    await audit(core, fund, principal, role, kind, {
      holderId: values.holderId,
      unitsMicro: values.unitsMicro,
      reason: values.reason,
    });
  }
  return { transfer: await transferView(core, row), created: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The register and distributions
// ---------------------------------------------------------------------------------------------------------------

/** Percent of `part` in `whole`, 4 decimals, cut toward zero. */
function shareOf(part: bigint, whole: bigint): string {
  return whole <= 0n ? '0.0000' : formatFixed((part * 1_000_000n) / whole, 4);
}

async function buildRegister(core: InvestmentsCore, fund: FundRecord): Promise<TokenRegister> {
  const since = await holderSince(core, fund.id);
  const lines: Array<Omit<TokenHolder, 'share'> & { micro: bigint }> = [];
  for (const [userId, at] of since) {
    const holding = await holdingOf(core, fund, userId);
    if (holding.held <= 0n) {
      continue;
    }
    lines.push({
      holderId: userId,
      name: await core.displayName(userId),
      units: units(holding.held),
      frozenUnits: units(holding.frozen),
      since: at.toISOString(),
      micro: holding.held,
    });
  }
  const total = lines.reduce((sum, line) => sum + line.micro, 0n);
  lines.sort((a, b) => (a.micro === b.micro ? a.since.localeCompare(b.since) : a.micro > b.micro ? -1 : 1));
  return {
    fundId: fund.id,
    fundName: fund.name,
    currency: fund.currency,
    paused: await isPaused(core, fund.id),
    unitsOutstanding: units(total),
    holders: lines.map(({ micro, ...line }) => ({ ...line, share: shareOf(micro, total) })),
  };
}

/** GET /tokens/funds/:fundId/register (issuer only). */
export async function registerOf(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
): Promise<TokenRegister> {
  const fund = await loadFund(core, fundId);
  issuerRoleOf(fund, principal);
  return core.serial(fund.id, () => buildRegister(core, fund));
}

/** A text cell of the CSV: quoted, and a leading = + - @ neutralised (spreadsheet formula injection). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** GET /tokens/funds/:fundId/register.csv: holder, units, frozen units, share, since. */
export function registerCsv(register: TokenRegister): string {
  const lines = ['holder,holder_id,units,frozen_units,share_percent,since'];
  for (const holder of register.holders) {
    lines.push(
      [
        csvCell(holder.name),
        csvCell(holder.holderId),
        holder.units,
        holder.frozenUnits,
        holder.share,
        holder.since,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Each holder's share of `amountMinor`: amount x units / units of all holders (the issuer's own included), cut to
 * the cent. The issuer's own share and the cents the cut leaves are the remainder: they never leave the wallet.
 */
export function distributionShares(
  amountMinor: bigint,
  holders: ReadonlyArray<{ holderId: string; name: string; micro: bigint }>,
  issuerId: string,
): { shares: TokenDistributionShare[]; distributed: bigint } {
  const total = holders.reduce((sum, holder) => sum + holder.micro, 0n);
  const shares: TokenDistributionShare[] = [];
  let distributed = 0n;
  for (const holder of holders) {
    if (holder.holderId === issuerId || total === 0n) {
      continue;
    }
    const share = (amountMinor * holder.micro) / total;
    if (share <= 0n) {
      continue;
    }
    distributed += share;
    shares.push({
      holderId: holder.holderId,
      name: holder.name,
      units: units(holder.micro),
      amount: cents(share),
    });
  }
  return { shares, distributed };
}

async function planDistribution(
  core: InvestmentsCore,
  fund: FundRecord,
  issuerId: string,
  amountMinor: bigint,
) {
  const register = await buildRegister(core, fund);
  const holders = register.holders.map((holder) => ({
    holderId: holder.holderId,
    name: holder.name,
    micro: parseFixed(holder.units, FUND_UNITS_SCALE),
  }));
  const plan = distributionShares(amountMinor, holders, issuerId);
  if (plan.shares.length === 0) {
    throw new NoHoldersError();
  }
  return plan;
}

function distributionView(
  fund: FundRecord,
  amountMinor: bigint,
  plan: { shares: readonly TokenDistributionShare[]; distributed: bigint },
  record: { id: string; createdAt: Date } | null,
): TokenDistribution {
  return {
    id: record?.id ?? null,
    fundId: fund.id,
    amount: cents(amountMinor),
    currency: fund.currency,
    shares: plan.shares,
    distributed: cents(plan.distributed),
    remainder: cents(amountMinor - plan.distributed),
    status: record === null ? 'preview' : 'done',
    createdAt: record?.createdAt.toISOString() ?? null,
  };
}

/** POST /tokens/funds/:fundId/distributions/preview. */
export async function previewDistribution(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  amount: string,
): Promise<TokenDistribution> {
  const fund = await loadFund(core, fundId);
  issuerRoleOf(fund, principal);
  const amountMinor = parseFixed(amount, CASH_SCALE);
  return core.serial(fund.id, async () =>
    distributionView(
      fund,
      amountMinor,
      await planDistribution(core, fund, principal.userId, amountMinor),
      null,
    ),
  );
}

/**
 * POST /tokens/funds/:fundId/distributions (Idempotency-Key): one linked batch from the issuer's wallet to every
 * other holder's wallet. The row is written first (pending) so a crash after the ledger answered is finished by a
 * retry with the same key; a refused batch moved nothing and the row is removed (the key may be used again).
 */
export async function distribute(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
  amount: string,
  key: string,
): Promise<{ distribution: TokenDistribution; created: boolean }> {
  const fund = await loadFund(core, fundId);
  const role = issuerRoleOf(fund, principal);
  await core.requireVerified(principal.userId, { legal: true });
  const amountMinor = parseFixed(amount, CASH_SCALE);
  const requestHash = hashOf({ fundId: fund.id, amount: cents(amountMinor) });
  const db = dbOf(core);
  return core.serial(fund.id, async () => {
    const existing = await db
      .selectFrom('token_distributions')
      .selectAll()
      .where('issuer_id', '=', principal.userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (existing !== undefined && existing.request_hash !== requestHash) {
      throw new IdempotencyKeyReusedError();
    }
    if (existing?.status === 'done') {
      const shares = JSON.parse(existing.shares) as TokenDistributionShare[];
      const distributed = shares.reduce((sum, share) => sum + parseFixed(share.amount, CASH_SCALE), 0n);
      return {
        distribution: distributionView(
          fund,
          amountMinor,
          { shares, distributed },
          {
            id: existing.id,
            createdAt: new Date(existing.created_at),
          },
        ),
        created: false,
      };
    }
    const wallet = await core.cash.currentWallet(principal.userId, fund.currency);
    if (wallet === null && existing === undefined) {
      throw new TokenNoWalletError();
    }
    // A retry pays from the wallet the first attempt recorded: the same transfer ids must carry the same accounts,
    // even if the issuer's current wallet has changed since.
    const payerAccountId = existing?.wallet_account_id ?? wallet!.accountId;
    let id: string;
    let plan: { shares: TokenDistributionShare[]; distributed: bigint };
    if (existing !== undefined) {
      id = existing.id;
      const shares = JSON.parse(existing.shares) as TokenDistributionShare[];
      plan = {
        shares,
        distributed: shares.reduce((sum, share) => sum + parseFixed(share.amount, CASH_SCALE), 0n),
      };
    } else {
      plan = await planDistribution(core, fund, principal.userId, amountMinor);
      const available = await core.fundLedger.available(payerAccountId);
      if (available === null || parseFixed(available, CASH_SCALE) < plan.distributed) {
        throw new TokenInsufficientFundsError(undefined, { available: available ?? '0.00' });
      }
      id = uuidv7(core.now().getTime());
      await db
        .insertInto('token_distributions')
        .values({
          id,
          fund_id: fund.id,
          issuer_id: principal.userId,
          idempotency_key: key,
          request_hash: requestHash,
          wallet_account_id: payerAccountId,
          amount_minor: amountMinor.toString(),
          shares: JSON.stringify(plan.shares),
          status: 'pending',
          created_at: core.now(),
        })
        .execute();
    }
    const legs: TransferInput[] = [];
    for (const share of plan.shares) {
      const to = await core.cash.currentWallet(share.holderId, fund.currency, { create: true });
      legs.push({
        id: investmentsId(`distribution:${id}:${share.holderId}`),
        ledger: fund.currency,
        debitAccountId: payerAccountId,
        creditAccountId: to!.accountId,
        amount: share.amount,
        code: TOKEN_TRANSFER_CODES.distribution,
        metadata: {
          fundId: fund.id,
          distributionId: id,
          description: `Distribution: ${fund.name}`.slice(0, 200),
        },
      });
    }
    const refused = await linkedBatch(core, legs);
    if (refused !== null) {
      await db.deleteFrom('token_distributions').where('id', '=', id).execute();
      throw new DistributionFailedError(undefined, { ledgerCode: refused });
    }
    await db.updateTable('token_distributions').set({ status: 'done' }).where('id', '=', id).execute();
    await audit(core, fund, principal, role, 'distribution', { amountMinor });
    for (const share of plan.shares) {
      await notifyWallet(core, share.holderId, fund.currency);
    }
    await notifyWallet(core, principal.userId, fund.currency);
    const createdAt = existing !== undefined ? new Date(existing.created_at) : core.now();
    return { distribution: distributionView(fund, amountMinor, plan, { id, createdAt }), created: true };
  });
}

async function notifyWallet(core: InvestmentsCore, userId: string, currency: string): Promise<void> {
  try {
    const wallet = await core.cash.currentWallet(userId, currency);
    if (wallet !== null) {
      await core.cash.notifyWalletChanged(userId, wallet.walletId);
    }
  } catch (error) {
    core.log.warn({ err: error }, 'telling a holder their wallet changed failed');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The audit
// ---------------------------------------------------------------------------------------------------------------

/** GET /tokens/funds/:fundId/audit: the issuer's actions, newest first, for the issuer and staff. */
export async function auditOf(
  core: InvestmentsCore,
  principal: Principal,
  fundId: string,
): Promise<TokenAuditEntry[]> {
  const fund = await loadFund(core, fundId);
  const staff = TOKEN_AUDIT_STAFF_GROUPS.some((group) => principal.groups.includes(group));
  if (!staff) {
    issuerRoleOf(fund, principal);
  }
  const rows = await dbOf(core)
    .selectFrom('token_audit')
    .selectAll()
    .where('fund_id', '=', fund.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TOKEN_AUDIT_PAGE_MAX)
    .execute();
  const entries: TokenAuditEntry[] = [];
  for (const row of rows) {
    entries.push({
      id: row.id,
      fundId: row.fund_id,
      action: row.action as TokenAuditAction,
      actorId: row.actor_id,
      actorName: await core.displayName(row.actor_id),
      actorRole: row.actor_role,
      holderId: row.holder_id,
      units: row.units_micro === null ? null : units(BigInt(row.units_micro)),
      amount: row.amount_minor === null ? null : cents(BigInt(row.amount_minor)),
      reason: row.reason,
      at: new Date(row.created_at).toISOString(),
    });
  }
  return entries;
}
