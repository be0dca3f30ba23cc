/**
 * Tenants and ledgers. The bank is tenant `tessera` (created by the migration); a business customer's tenant is
 * owned by one user. A ledger is one asset of one tenant, its code the asset code, its scale the asset's
 * (packages/money), so every amount of the ledger is an integer of that scale.
 */
import {
  BANK_TENANT_ID,
  type Ledger,
  type LedgerInput,
  ledgerInputSchema,
  type Tenant,
  type TenantInput,
  tenantInputSchema,
} from '@tessera/contracts';
import { type Asset, fundUnitAsset, getAsset, securityAsset } from '@tessera/money';
import { type AnyKysely, parseOrThrow } from '@tessera/platform';
import { sql } from 'kysely';
import {
  AssetUnknownError,
  LedgerNotFoundError,
  TenantExistsError,
  TenantNotFoundError,
} from '../../errors.ts';

interface TenantRow {
  id: string;
  owner_user_id: string | null;
  created_at: Date;
}

const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  createdAt: row.created_at.toISOString(),
});

/** Creates a tenant, or returns it when it exists with the same owner (idempotent). */
export async function createTenant(db: AnyKysely, input: TenantInput): Promise<Tenant> {
  const { id, ownerUserId } = parseOrThrow(tenantInputSchema, input);
  if (id === BANK_TENANT_ID) {
    throw new TenantExistsError(undefined, { tenantId: id });
  }
  await sql`insert into ledger.tenants (id, owner_user_id) values (${id}, ${ownerUserId})
    on conflict (id) do nothing`.execute(db);
  const tenant = await findTenant(db, id);
  if (!tenant || tenant.ownerUserId !== ownerUserId) {
    throw new TenantExistsError(undefined, { tenantId: id });
  }
  return tenant;
}

export async function findTenant(db: AnyKysely, tenantId: string): Promise<Tenant | undefined> {
  const { rows } = await sql<TenantRow>`select id, owner_user_id, created_at from ledger.tenants
    where id = ${tenantId}`.execute(db);
  return rows[0] ? toTenant(rows[0]) : undefined;
}

/** The tenant or LEDGER_TENANT_NOT_FOUND. */
export async function requireTenant(db: AnyKysely, tenantId: string): Promise<Tenant> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) {
    throw new TenantNotFoundError(undefined, { tenantId });
  }
  return tenant;
}

function assetOf(input: { code: string; assetKind?: 'security' | 'fund_unit' | undefined }): Asset {
  const registered = getAsset(input.code);
  if (registered.ok) {
    return registered.value;
  }
  const built =
    input.assetKind === 'security'
      ? securityAsset(input.code)
      : input.assetKind === 'fund_unit'
        ? fundUnitAsset(input.code)
        : undefined;
  if (!built?.ok) {
    throw new AssetUnknownError(undefined, { code: input.code });
  }
  return built.value;
}

interface LedgerRow {
  tenant_id: string;
  code: string;
  asset_kind: Ledger['assetKind'];
  scale: number;
  head_sequence: string;
  head_hash: Buffer;
  created_at: Date;
}

const toLedger = (row: LedgerRow): Ledger => ({
  tenantId: row.tenant_id,
  code: row.code,
  assetKind: row.asset_kind,
  scale: row.scale,
  headSequence: row.head_sequence,
  headHash: row.head_hash.toString('hex'),
  createdAt: row.created_at.toISOString(),
});

/** Creates the tenant's ledger of an asset, or returns it (idempotent). */
export async function createLedger(db: AnyKysely, tenantId: string, input: LedgerInput): Promise<Ledger> {
  const parsed = parseOrThrow(ledgerInputSchema, input);
  await requireTenant(db, tenantId);
  const asset = assetOf(parsed);
  await sql`insert into ledger.ledgers (tenant_id, code, asset_kind, scale)
    values (${tenantId}, ${asset.code}, ${asset.kind}, ${asset.scale})
    on conflict (tenant_id, code) do nothing`.execute(db);
  return getLedger(db, tenantId, asset.code);
}

export async function getLedger(db: AnyKysely, tenantId: string, code: string): Promise<Ledger> {
  const { rows } = await sql<LedgerRow>`select tenant_id, code, asset_kind, scale, head_sequence, head_hash,
      created_at from ledger.ledgers where tenant_id = ${tenantId} and code = ${code}`.execute(db);
  if (!rows[0]) {
    throw new LedgerNotFoundError(undefined, { ledger: code });
  }
  return toLedger(rows[0]);
}

export async function listLedgers(db: AnyKysely, tenantId: string): Promise<Ledger[]> {
  const { rows } = await sql<LedgerRow>`select tenant_id, code, asset_kind, scale, head_sequence, head_hash,
      created_at from ledger.ledgers where tenant_id = ${tenantId} order by code limit 1000`.execute(db);
  return rows.map(toLedger);
}
