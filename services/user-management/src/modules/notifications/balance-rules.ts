/**
 * Balance rules ("tell me when my EUR wallet falls under 100", docs/api.md "Notifications"): a rule watches one of
 * the customer's wallets for its ledger balance going below or above a threshold in the asset's minor units. It
 * is evaluated when cash operations says the wallet changed (an event, never polling) and fires once per crossing:
 * firing disarms it, and it re-arms when the balance is back on the other side. The disarm is one conditional
 * update, so two events heard at once fire it once.
 */
import { randomUUID } from 'node:crypto';
import {
  type Account,
  BALANCE_RULES_MAX,
  BANK_TENANT_ID,
  type BalanceRule,
  type BalanceRuleInput,
  type LedgerApi,
} from '@tessera/contracts';
import { amountFromDecimal, formatAmount, getAsset, minorUnits, parseAmount, scale } from '@tessera/money';
import type { AnyKysely } from '@tessera/platform';
import { sql } from 'kysely';
import {
  BalanceRuleLimitReachedError,
  BalanceRuleNotFoundError,
  BalanceRuleThresholdInvalidError,
  BalanceRuleWalletNotFoundError,
  NotificationsLedgerUnavailableError,
} from './notifications.errors.ts';
import { isUuid, type NotificationsService } from './notifications.service.ts';

interface RuleRow {
  id: string;
  user_id: string;
  wallet_id: string;
  asset: string;
  direction: 'below' | 'above';
  threshold_minor: string;
  armed: boolean;
  fired_count: number;
  created_at: Date | string;
}

function scaleOf(asset: string): number {
  const found = getAsset(asset);
  if (!found.ok) {
    throw new Error(`A wallet of unknown asset ${asset}`);
  }
  return found.value.scale;
}

function format(minor: bigint, asset: string): string {
  const found = getAsset(asset);
  return found.ok ? formatAmount(minorUnits(minor), found.value.scale) : minor.toString();
}

/** The wallet's ledger balance (posted) in minor units: the ledger answers decimal text in the asset's scale. */
function postedMinor(account: Account): bigint {
  return amountFromDecimal(account.balance.posted, scale(scaleOf(account.ledger)), { allowNegative: true });
}

function toRule(row: RuleRow): BalanceRule {
  return {
    id: row.id,
    walletId: row.wallet_id,
    asset: row.asset,
    direction: row.direction,
    threshold: format(BigInt(row.threshold_minor), row.asset),
    armed: row.armed,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** True when `balance` is on the rule's side of its threshold. */
export function ruleHolds(direction: 'below' | 'above', balance: bigint, threshold: bigint): boolean {
  return direction === 'below' ? balance < threshold : balance > threshold;
}

export interface BalanceRulesDependencies {
  readonly db: AnyKysely;
  readonly ledger: () => LedgerApi | undefined;
  readonly notifications: NotificationsService;
  readonly now: () => Date;
}

export type BalanceRulesService = ReturnType<typeof createBalanceRulesService>;

export function createBalanceRulesService(deps: BalanceRulesDependencies) {
  const { db, notifications, now } = deps;

  /** The customer's own wallet account in the ledger, or null when it is not theirs or not a wallet. */
  async function walletOf(ledger: LedgerApi, userId: string, walletId: string): Promise<Account | null> {
    if (!isUuid(walletId)) {
      return null;
    }
    let account: Account;
    try {
      account = await ledger.getAccount(BANK_TENANT_ID, walletId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) {
        return null;
      }
      throw error;
    }
    return account.ownerId === userId && account.type === 'customer_wallet' ? account : null;
  }

  return {
    async list(userId: string): Promise<BalanceRule[]> {
      const rows = (await db
        .selectFrom('balance_rules')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute()) as RuleRow[];
      return rows.map(toRule);
    },

    async create(userId: string, input: BalanceRuleInput): Promise<BalanceRule> {
      const ledger = deps.ledger();
      if (!ledger) {
        throw new NotificationsLedgerUnavailableError();
      }
      const count = await db
        .selectFrom('balance_rules')
        .select(sql<string>`count(*)`.as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.count) >= BALANCE_RULES_MAX) {
        throw new BalanceRuleLimitReachedError(undefined, { max: BALANCE_RULES_MAX });
      }
      const account = await walletOf(ledger, userId, input.walletId);
      if (!account) {
        throw new BalanceRuleWalletNotFoundError();
      }
      const assetScale = scaleOf(account.ledger);
      const threshold = parseAmount(input.threshold.trim(), scale(assetScale));
      if (!threshold.ok) {
        throw new BalanceRuleThresholdInvalidError(undefined, { scaleMax: assetScale });
      }
      // Set up on the rule's side already: no crossing yet, it arms when the balance crosses back.
      const armed = !ruleHolds(input.direction, postedMinor(account), threshold.value);
      const row = (await db
        .insertInto('balance_rules')
        .values({
          id: randomUUID(),
          user_id: userId,
          wallet_id: account.id,
          asset: account.ledger,
          direction: input.direction,
          threshold_minor: threshold.value.toString(),
          armed,
          created_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as RuleRow;
      return toRule(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) {
        throw new BalanceRuleNotFoundError();
      }
      const deleted = await db
        .deleteFrom('balance_rules')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) {
        throw new BalanceRuleNotFoundError();
      }
    },

    /** Checks the customer's rules on one wallet against its ledger balance now (a wallet changed). */
    async evaluate(userId: string, walletId: string): Promise<void> {
      if (!isUuid(userId) || !isUuid(walletId)) {
        return;
      }
      const rules = (await db
        .selectFrom('balance_rules')
        .selectAll()
        .where('user_id', '=', userId)
        .where('wallet_id', '=', walletId)
        .execute()) as RuleRow[];
      const ledger = deps.ledger();
      if (rules.length === 0 || !ledger) {
        return;
      }
      const account = await walletOf(ledger, userId, walletId);
      if (!account) {
        return;
      }
      const balance = postedMinor(account);
      for (const rule of rules) {
        const holds = ruleHolds(rule.direction, balance, BigInt(rule.threshold_minor));
        if (holds && rule.armed) {
          const fired = await db
            .updateTable('balance_rules')
            .set({ armed: false, fired_count: sql`fired_count + 1` })
            .where('id', '=', rule.id)
            .where('armed', '=', true)
            .returning('fired_count')
            .executeTakeFirst();
          if (fired) {
            await notifications.notify(
              userId,
              'balance.rule',
              {
                ruleId: rule.id,
                walletId,
                asset: rule.asset,
                direction: rule.direction,
                threshold: format(BigInt(rule.threshold_minor), rule.asset),
                amount: format(balance, rule.asset),
              },
              `balance-rule:${rule.id}:${String(fired.fired_count)}`,
            );
          }
        } else if (!holds && !rule.armed) {
          await db
            .updateTable('balance_rules')
            .set({ armed: true })
            .where('id', '=', rule.id)
            .where('armed', '=', false)
            .execute();
        }
      }
    },
  };
}
