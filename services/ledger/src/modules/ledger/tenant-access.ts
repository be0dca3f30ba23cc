/**
 * Who may use a tenant's routes (docs/api.md, "Ledger"):
 * - the bank's tenant `tessera`: `admin` only (support agents use customer lookup), with the case or ticket
 *   reference of the `x-staff-reason` header (STAFF_REASON_REQUIRED otherwise); every read and write is written to
 *   the staff audit log (`ledger.read`, `ledger.write`) before anything is read or answered (issue #16);
 * - a business tenant: its owner, and `admin`; anyone else gets LEDGER_TENANT_NOT_FOUND (ids are never probed).
 * The check is a hook that runs before the route's params, query and body are validated, so a caller who may not
 * use the tenant learns nothing about what the route would accept (as when the check opened each handler).
 */
import { BANK_TENANT_ID, IDENTITY_CLIENT, staffCaseReferenceOf } from '@tessera/contracts';
import {
  auditStaffAccess,
  parseOrThrow,
  type Principal,
  principalOf,
  requireGroup,
  type ServiceContext,
  type StaffAuditLog,
} from '@tessera/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TenantNotFoundError } from '../../errors.ts';
import { findTenant } from '../tenants/tenants.service.ts';
import { toAppError } from './ledger-api.ts';
import { tenantParams } from './ledger.schemas.ts';

type Access = 'read' | 'write';
type TenantHook = (request: FastifyRequest) => Promise<void>;

/** The hooks that check the caller may use the tenant of the path, and the tenant they checked. */
export interface TenantAccess {
  /** Route options of a read: the check before validation. */
  readonly read: { readonly preValidation: TenantHook };
  /** Route options of a write: the check before validation. */
  readonly write: { readonly preValidation: TenantHook };
  /**
   * Route options of a batch write, which accepts 16 MiB: the check runs on request, before Fastify reads a byte
   * of the body, so an anonymous or unauthorised caller cannot make the process read (and parse) 16 MiB per
   * request.
   */
  readonly writeBeforeBody: { readonly onRequest: TenantHook; readonly bodyLimit: number };
  /**
   * Route options of the ledger check (verification runs): admins only, on any tenant, with the reference of the
   * `x-staff-reason` header, audited as `ledger.check` (once, instead of `ledger.read`).
   */
  readonly check: { readonly preValidation: TenantHook };
  /** The tenant id the route's hook checked. */
  tenantOf(request: FastifyRequest): string;
}

/** A batch of 8,189 transfers with full metadata is far over the server's 1 MiB default. */
const batchBodyLimitBytes = 16 * 1024 * 1024;

/** The staff audit log of the identity service, through its in-process client. */
export function staffAuditLogOf(context: ServiceContext): StaffAuditLog {
  return {
    async record(entry) {
      const directory = context.clients?.find(IDENTITY_CLIENT);
      const record = directory?.recordStaffAccess?.bind(directory);
      if (!record) {
        // Without the identity service nothing can be recorded, so nothing is read.
        throw new Error('The staff audit log (identity service) is not available in this process.');
      }
      await record(entry);
    },
  };
}

/**
 * Writes a staff member's use of a ledger route to the staff audit log, with the reference of the `x-staff-reason`
 * header (missing or malformed: STAFF_REASON_REQUIRED, nothing recorded, nothing read). No body is recorded.
 */
export async function auditLedgerAccess(
  log: StaffAuditLog,
  request: FastifyRequest,
  action: 'ledger.read' | 'ledger.write' | 'ledger.check',
  tenantId: string,
): Promise<void> {
  await auditStaffAccess(log, principalOf(request), {
    action,
    reason: staffCaseReferenceOf(request.headers) ?? '',
    detail: { method: request.method, route: request.routeOptions.url, tenantId },
  });
}

async function authorize(
  context: ServiceContext,
  auditLog: StaffAuditLog,
  request: FastifyRequest,
  tenantId: string,
  access: Access | 'check',
) {
  const principal: Principal = principalOf(request);
  if (access === 'check') {
    requireGroup(principal, 'admin');
    await auditLedgerAccess(auditLog, request, 'ledger.check', tenantId);
    if (tenantId === BANK_TENANT_ID) {
      return;
    }
  } else if (tenantId === BANK_TENANT_ID) {
    requireGroup(principal, 'admin');
    await auditLedgerAccess(auditLog, request, access === 'read' ? 'ledger.read' : 'ledger.write', tenantId);
    return;
  }
  const tenant = await findTenant(context.db, tenantId);
  if (!tenant || (tenant.ownerUserId !== principal.userId && !principal.groups.includes('admin'))) {
    throw new TenantNotFoundError(undefined, { tenantId });
  }
}

/** The tenant checks of one service context (the routes' scope must call requireSignIn first). */
export function tenantAccess(context: ServiceContext): TenantAccess {
  const tenants = new WeakMap<FastifyRequest, string>();
  const auditLog = staffAuditLogOf(context);
  const check =
    (access: Access | 'check'): TenantHook =>
    async (request) => {
      const { tenantId } = parseOrThrow(tenantParams, request.params);
      await authorize(context, auditLog, request, tenantId, access);
      tenants.set(request, tenantId);
    };
  return {
    read: { preValidation: check('read') },
    write: { preValidation: check('write') },
    writeBeforeBody: { onRequest: check('write'), bodyLimit: batchBodyLimitBytes },
    check: { preValidation: check('check') },
    tenantOf: (request) => {
      const tenantId = tenants.get(request);
      if (tenantId === undefined) {
        throw new Error(`${request.method} ${request.routeOptions.url ?? ''} ran without its tenant check.`);
      }
      return tenantId;
    },
  };
}

/** 201 for a new record, 200 for the first result of a retry, the rejection's own status otherwise. */
export function sendWritten<T>(
  reply: FastifyReply,
  result:
    | { status: 'created' | 'exists'; value: T }
    | { status: 'rejected'; error: Parameters<typeof toAppError>[0] },
) {
  if (result.status === 'rejected') {
    throw toAppError(result.error);
  }
  return reply.status(result.status === 'created' ? 201 : 200).send(result.value);
}
