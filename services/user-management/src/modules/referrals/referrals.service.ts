/**
 * The referral programme (docs/api.md "Referrals"). Every customer has a sponsor code (made on first ask). A
 * newcomer who signed up through a sponsor's link records that sponsor within 30 days of sign-up; they may change
 * it once in that window, never to themselves or to someone they sponsor (directly or not). A referral moves
 * through signed up, identity verified (KYC level 2 or more) and first deposit (a settled deposit heard from cash
 * operations); when both later steps are done the sponsor gets REFERRAL_REWARD_EUR in their EUR wallet: a ledger
 * transfer from the bank's referral marketing account whose id is derived from the referral, so retries and
 * restarts pay it once (the ledger keeps one transfer per id; a paid reward is also marked here).
 */
import { createHash, randomInt } from 'node:crypto';
import {
  BANK_TENANT_ID,
  type CashOperationsApi,
  type IdentityDirectoryApi,
  type LedgerApi,
  REFERRAL_REWARD_EUR,
  type Referral,
  type ReferralList,
  SPONSOR_CHANGE_WINDOW_DAYS,
  SPONSOR_CODE_PATTERN,
  type SponsorStatus,
  type UserContact,
} from '@tessera/contracts';
import { amountFromDecimal, formatAmount, minorUnits, scale } from '@tessera/money';
import type { AnyKysely } from '@tessera/platform';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  ReferralChangeWindowClosedError,
  ReferralCodeInvalidError,
  ReferralCodeOwnError,
  ReferralCodeUnknownError,
  ReferralCycleError,
  ReferralNoSponsorError,
  ReferralRewardPaidError,
  ReferralSameSponsorError,
  ReferralSponsorAlreadyChangedError,
  ReferralSponsorExistsError,
} from './referrals.errors.ts';

/** The KYC level that counts as "identity verified" (documents reviewed). */
export const IDENTITY_VERIFIED_LEVEL = 2;
/** The ledger code of a referral reward transfer. */
export const REFERRAL_REWARD_LEDGER_CODE = 600;

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const EUR_SCALE = scale(2);
const REWARD_MINOR = amountFromDecimal(REFERRAL_REWARD_EUR, EUR_SCALE);
const DAY_MS = 86_400_000;

/** A name-based UUID (version 8) from SHA-256 of `name`: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bank's EUR account referral rewards are paid from (opened on first use). */
export const REFERRAL_MARKETING_ACCOUNT_ID = nameBasedUuid('tessera.user-management.referral-marketing:EUR');

/** The ledger transfer id of the reward of the referral of `referredId`. */
export function rewardTransferId(referredId: string): string {
  return nameBasedUuid(`tessera.user-management.referral-reward:${referredId}`);
}

function newCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

/** What a sponsor may see of someone they referred: a first name, or else a masked e-mail; never more. */
export function referredDisplayName(contact: UserContact | null): string {
  if (!contact) {
    return '•••';
  }
  const [local = '', domain = ''] = contact.email.split('@');
  const name = contact.displayName.trim();
  if (name !== '' && name !== local && !name.includes('@')) {
    return name.split(/\s+/)[0]!;
  }
  return `${local.slice(0, 1)}•••@${domain}`;
}

interface ReferralRow {
  referred_id: string;
  sponsor_id: string;
  changed_at: Date | string | null;
  identity_verified_at: Date | string | null;
  first_deposit_at: Date | string | null;
  created_at: Date | string;
}

export interface ReferralsDependencies {
  readonly db: AnyKysely;
  readonly directory: () => IdentityDirectoryApi | undefined;
  readonly ledger: () => LedgerApi | undefined;
  readonly cash: () => CashOperationsApi | undefined;
  readonly notifications: NotificationsService;
  readonly now: () => Date;
  readonly log: { warn(object: unknown, message: string): void };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;

export function createReferralsService(deps: ReferralsDependencies) {
  const { db, directory, notifications, now, log } = deps;

  async function codeOf(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const existing = await db
        .selectFrom('sponsor_codes')
        .select('code')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing) {
        return existing.code as string;
      }
      // A clash with another customer's code inserts nothing: the loop draws again.
      await db
        .insertInto('sponsor_codes')
        .values({ user_id: userId, code: newCode(), created_at: now() })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    throw new Error('No free sponsor code after 8 draws');
  }

  /** The owner of a well-formed, known code; refusals otherwise. */
  async function sponsorOfCode(userId: string, raw: string): Promise<string> {
    const code = raw.trim().toUpperCase();
    if (!SPONSOR_CODE_PATTERN.test(code)) {
      throw new ReferralCodeInvalidError();
    }
    const row = await db
      .selectFrom('sponsor_codes')
      .select('user_id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) {
      throw new ReferralCodeUnknownError();
    }
    const sponsorId = row.user_id as string;
    if (sponsorId === userId) {
      throw new ReferralCodeOwnError();
    }
    // Walk up from the new sponsor: meeting the customer would close a loop.
    let current: string | undefined = sponsorId;
    for (let depth = 0; current !== undefined && depth < 1000; depth += 1) {
      const up = await db
        .selectFrom('referrals')
        .select('sponsor_id')
        .where('referred_id', '=', current)
        .executeTakeFirst();
      current = up?.sponsor_id as string | undefined;
      if (current === userId) {
        throw new ReferralCycleError();
      }
    }
    return sponsorId;
  }

  async function signedUpAt(userId: string): Promise<Date | null> {
    const contact = await directory()?.getContact(userId);
    return contact?.signedUpAt ? new Date(contact.signedUpAt) : null;
  }

  function windowEnd(signUp: Date | null, fallback: Date): Date {
    return new Date((signUp ?? fallback).getTime() + SPONSOR_CHANGE_WINDOW_DAYS * DAY_MS);
  }

  async function referralOf(referredId: string): Promise<ReferralRow | undefined> {
    return (await db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', '=', referredId)
      .executeTakeFirst()) as ReferralRow | undefined;
  }

  async function rewardOf(referredId: string) {
    return db
      .selectFrom('referral_rewards')
      .selectAll()
      .where('referred_id', '=', referredId)
      .executeTakeFirst();
  }

  async function kycLevelOf(userId: string): Promise<number> {
    const row = await db
      .selectFrom('customers')
      .select('kyc_level')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.kyc_level ?? 0);
  }

  /** Pays the reward of `referredId` when every step is done; a paid or unfinished one changes nothing. */
  async function settleReward(referredId: string): Promise<void> {
    const referral = await referralOf(referredId);
    if (!referral || referral.first_deposit_at === null) {
      return;
    }
    if ((await kycLevelOf(referredId)) < IDENTITY_VERIFIED_LEVEL) {
      return;
    }
    // The reward row fixes the sponsor and the transfer id before any money moves.
    await db
      .insertInto('referral_rewards')
      .values({
        referred_id: referredId,
        sponsor_id: referral.sponsor_id,
        transfer_id: rewardTransferId(referredId),
        amount_minor: REWARD_MINOR.toString(),
        created_at: now(),
      })
      .onConflict((conflict) => conflict.column('referred_id').doNothing())
      .execute();
    await payReward(referredId);
  }

  async function payReward(referredId: string): Promise<void> {
    const reward = await rewardOf(referredId);
    if (!reward || reward.paid_at !== null) {
      return;
    }
    const ledger = deps.ledger();
    const cash = deps.cash();
    if (!ledger || !cash) {
      log.warn({ referredId }, 'referral reward waits: the ledger or cash operations is not mounted');
      return;
    }
    const sponsorId = reward.sponsor_id as string;
    await ledger.createLedger(BANK_TENANT_ID, { code: 'EUR' });
    await ledger.createAccount(BANK_TENANT_ID, {
      id: REFERRAL_MARKETING_ACCOUNT_ID,
      ledger: 'EUR',
      ownerId: 'tessera',
      type: 'fees',
      metadata: { purpose: 'user-management:referral-marketing' },
    });
    const wallet = await cash.currentWallet(sponsorId, 'EUR', { create: true });
    if (!wallet) {
      return;
    }
    const amount = formatAmount(minorUnits(BigInt(reward.amount_minor as string)), EUR_SCALE);
    await ledger.createTransfer(BANK_TENANT_ID, {
      id: reward.transfer_id as string,
      ledger: 'EUR',
      debitAccountId: REFERRAL_MARKETING_ACCOUNT_ID,
      creditAccountId: wallet.accountId,
      amount,
      code: REFERRAL_REWARD_LEDGER_CODE,
      metadata: { kind: 'referral_reward', description: 'Referral reward' },
    });
    const marked = await db
      .updateTable('referral_rewards')
      .set({ paid_at: now() })
      .where('referred_id', '=', referredId)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 1) {
      await cash.notifyWalletChanged(sponsorId, wallet.walletId);
      await notifications.notify(
        sponsorId,
        'referral.reward',
        { amount, asset: 'EUR', walletId: wallet.walletId },
        `referral-reward:${referredId}`,
      );
    }
  }

  return {
    codeOf,

    async sponsorStatus(userId: string): Promise<SponsorStatus> {
      const referral = await referralOf(userId);
      const end = windowEnd(await signedUpAt(userId), referral ? new Date(referral.created_at) : now());
      const paid = referral ? (await rewardOf(userId)) !== undefined : false;
      const contact = referral ? ((await directory()?.getContact(referral.sponsor_id)) ?? null) : null;
      return {
        sponsor: referral ? { displayName: referredDisplayName(contact) } : null,
        changed: referral?.changed_at != null,
        changeUntil: end.toISOString(),
        // Without a sponsor: whether one may still be set.
        canChange: (referral === undefined || (referral.changed_at === null && !paid)) && now() <= end,
      };
    },

    /** Records the sponsor of a newcomer (the code they signed up with). */
    async setSponsor(userId: string, code: string): Promise<SponsorStatus> {
      const sponsorId = await sponsorOfCode(userId, code);
      if (await referralOf(userId)) {
        throw new ReferralSponsorExistsError();
      }
      const signUp = await signedUpAt(userId);
      if (signUp && now() > windowEnd(signUp, signUp)) {
        throw new ReferralChangeWindowClosedError();
      }
      const inserted = await db
        .insertInto('referrals')
        .values({ referred_id: userId, sponsor_id: sponsorId, created_at: now() })
        .onConflict((conflict) => conflict.column('referred_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        throw new ReferralSponsorExistsError();
      }
      return this.sponsorStatus(userId);
    },

    /** Changes the sponsor: once, within 30 days of sign-up, before any reward. */
    async changeSponsor(userId: string, code: string): Promise<SponsorStatus> {
      const referral = await referralOf(userId);
      if (!referral) {
        throw new ReferralNoSponsorError();
      }
      if (referral.changed_at !== null) {
        throw new ReferralSponsorAlreadyChangedError();
      }
      if (now() > windowEnd(await signedUpAt(userId), new Date(referral.created_at))) {
        throw new ReferralChangeWindowClosedError();
      }
      if (await rewardOf(userId)) {
        throw new ReferralRewardPaidError();
      }
      const sponsorId = await sponsorOfCode(userId, code);
      if (sponsorId === referral.sponsor_id) {
        throw new ReferralSameSponsorError();
      }
      const updated = await db
        .updateTable('referrals')
        .set({ sponsor_id: sponsorId, changed_at: now() })
        .where('referred_id', '=', userId)
        .where('changed_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        throw new ReferralSponsorAlreadyChangedError();
      }
      return this.sponsorStatus(userId);
    },

    async list(sponsorId: string): Promise<ReferralList> {
      const rows = (await db
        .selectFrom('referrals')
        .selectAll()
        .where('sponsor_id', '=', sponsorId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute()) as ReferralRow[];
      let totalPaid = 0n;
      const items: Referral[] = [];
      for (const row of rows) {
        const reward = await rewardOf(row.referred_id);
        const paid = reward && reward.sponsor_id === sponsorId ? reward.paid_at : null;
        if (paid) {
          totalPaid += BigInt(reward!.amount_minor as string);
        }
        items.push({
          id: row.referred_id,
          displayName: referredDisplayName((await directory()?.getContact(row.referred_id)) ?? null),
          signedUpAt: new Date(row.created_at).toISOString(),
          steps: {
            signedUp: true,
            identityVerified: (await kycLevelOf(row.referred_id)) >= IDENTITY_VERIFIED_LEVEL,
            firstDeposit: row.first_deposit_at !== null,
          },
          reward: {
            amount: REFERRAL_REWARD_EUR,
            currency: 'EUR',
            paidAt: paid ? new Date(paid as Date | string).toISOString() : null,
          },
        });
      }
      return {
        items,
        rewardAmount: REFERRAL_REWARD_EUR,
        totalPaid: formatAmount(minorUnits(totalPaid), EUR_SCALE),
      };
    },

    /** A deposit of `userId` settled: their first one moves their referral on. */
    async depositSettled(userId: string): Promise<void> {
      await db
        .updateTable('referrals')
        .set({ first_deposit_at: now() })
        .where('referred_id', '=', userId)
        .where('first_deposit_at', 'is', null)
        .execute();
      await settleReward(userId);
    },

    async identityVerified(userId: string, level: number): Promise<void> {
      if (level < IDENTITY_VERIFIED_LEVEL) {
        return;
      }
      await db
        .updateTable('referrals')
        .set({ identity_verified_at: now() })
        .where('referred_id', '=', userId)
        .where('identity_verified_at', 'is', null)
        .execute();
      await settleReward(userId);
    },

    settleReward,

    /** Pays every reward recorded but not yet paid (a crash between the two steps): at start-up. */
    async payOutstanding(): Promise<void> {
      const rows = await db
        .selectFrom('referral_rewards')
        .select('referred_id')
        .where('paid_at', 'is', null)
        .limit(1000)
        .execute();
      for (const row of rows) {
        try {
          await payReward(row.referred_id as string);
        } catch (error) {
          log.warn({ err: error, referredId: row.referred_id }, 'referral reward not paid yet');
        }
      }
    },
  };
}
