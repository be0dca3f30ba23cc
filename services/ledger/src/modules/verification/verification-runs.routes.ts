/**
 * The ledger check as the staff console's ledger explorer runs it (docs/api.md, "Ledger"), admins only: a run
 * verifies one ledger (verification.service.ts: the hash chain and every balance recomputed from the transfers,
 * debits against credits) and is recorded with when it ran, who ran it, how long it took and what it found; the
 * latest run of each ledger of a tenant can be read back. The group is checked before anything else, then the case
 * or ticket reference of the `x-staff-reason` header (STAFF_REASON_REQUIRED); every call is written to the staff
 * audit log as `ledger.check` before anything is read (tenant-access.ts).
 */
import { staffReasonHeadersSchema } from '@tessera/contracts';
import { type AnyKysely, documentOnly, principalOf, type ServiceRoutes } from '@tessera/platform';
import { sql } from 'kysely';
import { z } from 'zod';
import type { LedgerRouteOptions } from '../ledger/ledger.routes.ts';
import { itemsOf, ledgerParams, tenantParams, verificationSchema } from '../ledger/ledger.schemas.ts';
import type { LedgerVerification } from '@tessera/contracts';

export const verificationRunSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  ledger: z.string(),
  ranAt: z.string(),
  ranBy: z.string().describe('the user id of the admin who ran it'),
  durationMs: z.number().int(),
  ok: z.boolean(),
  result: verificationSchema,
});

interface RunRow {
  id: string;
  tenant_id: string;
  code: string;
  ran_at: Date;
  ran_by: string;
  duration_ms: number;
  ok: boolean;
  result: LedgerVerification;
}

function toRun(row: RunRow) {
  return {
    id: String(row.id),
    tenantId: row.tenant_id,
    ledger: row.code,
    ranAt: new Date(row.ran_at).toISOString(),
    ranBy: row.ran_by,
    durationMs: row.duration_ms,
    ok: row.ok,
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as LedgerVerification) : row.result,
  };
}

/** Documented only: the hook checks the reference itself (STAFF_REASON_REQUIRED, not VALIDATION_FAILED). */
const reasonHeaders = documentOnly(staffReasonHeadersSchema);

export type VerificationRunRoutesOptions = LedgerRouteOptions & { readonly db: AnyKysely };

export const verificationRunRoutes: ServiceRoutes<VerificationRunRoutesOptions> = async (
  app,
  { ledger, access, db },
) => {
  // Admins only, then the reference (audited), then the tenant (an unknown one is LEDGER_TENANT_NOT_FOUND), before
  // the parameters are validated.
  const adminRead = access.check;

  app.post(
    '/tenants/:tenantId/ledgers/:code/verification-runs',
    {
      schema: {
        summary: 'Runs the ledger check (hash chain, balances, debits equal credits) and records the result',
        description:
          'Admins only, with the x-staff-reason header (STAFF_REASON_REQUIRED); audited as ledger.check. The run is kept: GET /tenants/{tenantId}/verification-runs gives the latest.',
        params: ledgerParams,
        headers: reasonHeaders,
        response: { 201: verificationRunSchema },
      },
      ...adminRead,
    },
    async (request, reply) => {
      const tenantId = access.tenantOf(request);
      const started = performance.now();
      const result = await ledger.verifyLedger(tenantId, request.params.code);
      const durationMs = Math.round(performance.now() - started);
      const { rows } = await sql<RunRow>`
        insert into ledger.verification_runs (tenant_id, code, ran_by, ok, duration_ms, result)
        values (${tenantId}, ${result.ledger}, ${principalOf(request).userId}, ${result.ok}, ${durationMs},
          ${JSON.stringify(result)}::jsonb)
        returning *`.execute(db);
      return reply.status(201).send(toRun(rows[0]!));
    },
  );

  app.get(
    '/tenants/:tenantId/verification-runs',
    {
      schema: {
        summary: "The latest recorded run of the ledger check of each of a tenant's ledgers, by code",
        description:
          'Admins only, with the x-staff-reason header (STAFF_REASON_REQUIRED); audited as ledger.check. A ledger never checked has no item.',
        params: tenantParams,
        headers: reasonHeaders,
        response: { 200: itemsOf(verificationRunSchema) },
      },
      ...adminRead,
    },
    async (request) => {
      const { rows } = await sql<RunRow>`
        select distinct on (code) * from ledger.verification_runs
        where tenant_id = ${access.tenantOf(request)}
        order by code, id desc`.execute(db);
      return { items: rows.map(toRun) };
    },
  );
};
