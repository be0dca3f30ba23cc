/**
 * Who may use a tenant's routes (docs/api.md, "Ledger"):
 * - the bank's tenant `tessera`: reads for staff (`admin`, `support_agent`), writes for `admin` only;
 * - a business tenant: its owner, and `admin`; anyone else gets LEDGER_TENANT_NOT_FOUND (ids are never probed).
 * The check is a hook that runs before the route's params, query and body are validated, so a caller who may not
 * use the tenant learns nothing about what the route would accept (as when the check opened each handler).
 */
import { BANK_TENANT_ID } from '@tessera/contracts';
import {
  parseOrThrow,
  type Principal,
  principalOf,
  requireGroup,
  type ServiceContext,
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
  /** The tenant id the route's hook checked. */
  tenantOf(request: FastifyRequest): string;
}

/** A batch of 8,189 transfers with full metadata is far over the server's 1 MiB default. */
const batchBodyLimitBytes = 16 * 1024 * 1024;

async function authorize(context: ServiceContext, principal: Principal, tenantId: string, access: Access) {
  if (tenantId === BANK_TENANT_ID) {
    requireGroup(principal, ...(access === 'read' ? ['admin', 'support_agent'] : ['admin']));
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
  const check =
    (access: Access): TenantHook =>
    async (request) => {
      const { tenantId } = parseOrThrow(tenantParams, request.params);
      await authorize(context, principalOf(request), tenantId, access);
      tenants.set(request, tenantId);
    };
  return {
    read: { preValidation: check('read') },
    write: { preValidation: check('write') },
    writeBeforeBody: { onRequest: check('write'), bodyLimit: batchBodyLimitBytes },
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
