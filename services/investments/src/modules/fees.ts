/**
 * The management fee (docs/adr/0019-fund-units-nav-and-money-paths.md): one job per UTC day, keyed by the day, runs
 * just after midnight and moves each fund's fee of the day before from its pool's cash to Tessera's fee account.
 * The fee's row (fund, day) is written before the transfer, with the amount: a run again after a crash resends the
 * same transfer (same id, same amount), so each fund pays once per day. It also writes each fund's NAV point.
 */
import { BANK_TENANT_ID } from '@tessera/contracts';
import { JobQueue, JobWorker } from '@tessera/platform';
import { CASH_SCALE, formatFixed } from './fixed.ts';
import { feeAccountId, INVESTMENT_TRANSFER_CODES, investmentsId, poolCashAccountId } from './fund-ledger.ts';
import { dailyFeeMinor, dayOf, fundState, loadFund, recordNavPoint } from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';

export const FEE_QUEUE = 'investments.management-fee';
const DAY_MS = 86_400_000;

/** Charges every fund's fee of `day` once (idempotent). Answers the funds charged. */
export async function chargeFees(core: InvestmentsCore, day: string): Promise<number> {
  const funds = await core.db.selectFrom('funds').select('id').orderBy('number').execute();
  let charged = 0;
  for (const { id } of funds) {
    const fund = await loadFund(core, id);
    if (dayOf(fund.createdAt) > day) {
      continue;
    }
    await core.serial(fund.id, async () => {
      let row = await core.db
        .selectFrom('fund_fee_days')
        .selectAll()
        .where('fund_id', '=', fund.id)
        .where('day', '=', day)
        .executeTakeFirst();
      const state = await fundState(core, fund);
      if (row === undefined) {
        const fee = dailyFeeMinor(fund.feePercent, state.valuation.netAssets + state.valuation.accruedFees);
        row = {
          fund_id: fund.id,
          day,
          amount_minor: fee.toString(),
          transfer_id: investmentsId(`management-fee:${fund.id}:${day}`),
        };
        await core.db
          .insertInto('fund_fee_days')
          .values(row)
          .onConflict((c) => c.doNothing())
          .execute();
        row = await core.db
          .selectFrom('fund_fee_days')
          .selectAll()
          .where('fund_id', '=', fund.id)
          .where('day', '=', day)
          .executeTakeFirstOrThrow();
      }
      if (BigInt(row.amount_minor) > 0n) {
        await core.fundLedger.ensureFund(fund);
        await core.ledger.createTransfer(BANK_TENANT_ID, {
          id: row.transfer_id,
          ledger: fund.currency,
          debitAccountId: poolCashAccountId(fund.id),
          creditAccountId: feeAccountId(fund.currency),
          amount: formatFixed(BigInt(row.amount_minor), CASH_SCALE),
          code: INVESTMENT_TRANSFER_CODES.managementFee,
          metadata: { fundId: fund.id, day },
        });
        charged += 1;
      }
      await recordNavPoint(core, fund.id, state.nav);
    });
  }
  return charged;
}

/** The fee job's queue and worker (started unless tests drain it). */
export async function startFeeJobs(
  core: InvestmentsCore,
  autoStart: boolean,
): Promise<{ queue: JobQueue; worker: JobWorker }> {
  const queue = new JobQueue({ db: core.db, now: core.now });
  const enqueueNext = async () => {
    const next = Date.parse(`${dayOf(core.now())}T00:00:00Z`) + DAY_MS;
    await queue.enqueue({
      queue: FEE_QUEUE,
      key: `day:${dayOf(new Date(next))}`,
      payload: { day: dayOf(new Date(next - DAY_MS)) },
      runAt: new Date(next),
      maxAttempts: 20,
    });
  };
  const worker = new JobWorker({
    queue,
    handlers: {
      [FEE_QUEUE]: async (job: { payload: { day: string } }) => {
        try {
          const charged = await chargeFees(core, job.payload.day);
          core.log.info({ day: job.payload.day, charged }, 'fund management fees charged');
        } finally {
          await enqueueNext();
        }
      },
    },
    concurrency: 1,
    pollIntervalMs: 30_000,
    log: core.log,
  });
  await enqueueNext();
  if (autoStart) {
    worker.start();
  }
  return { queue, worker };
}
