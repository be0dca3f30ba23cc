/**
 * Beneficiaries (settings, section withdrawal): where a customer may withdraw to. An IBAN beneficiary is a SEPA
 * account (IBAN checked with ISO 13616, a name, optionally a BIC); a crypto beneficiary is an address checked for its
 * asset's chain (bech32/Base58Check for BTC, EIP-55 for ETH and USDC). Reads are scoped to the owner: another
 * customer's beneficiary id answers exactly like an unknown one (CASH_BENEFICIARY_NOT_FOUND).
 */
import {
  type Beneficiary,
  BENEFICIARIES_PER_CUSTOMER_MAX,
  BENEFICIARY_NAME_MAX_CHARS,
  chainOfAsset,
  type CreateBeneficiaryRequest,
  isSafeText,
  type RailCryptoAsset,
  uuidv7,
  validateBic,
  validateCryptoAddress,
  validateIban,
} from '@tessera/contracts';
import type { Selectable } from 'kysely';
import { isUuid } from '../wallets/wallets.repository.ts';
import {
  BeneficiaryLimitReachedError,
  BeneficiaryNameInvalidError,
  BeneficiaryNotFoundError,
  InvalidBicError,
  InvalidCryptoAddressError,
  InvalidIbanError,
} from '../rails/rails.errors.ts';
import type { Rails } from '../rails/rails.ts';
import type { BeneficiariesTable } from '../rails/rails.tables.ts';

export type BeneficiaryRow = Selectable<BeneficiariesTable>;

/** The API's view of a row. */
export function toBeneficiary(row: BeneficiaryRow): Beneficiary {
  const asset = row.asset as RailCryptoAsset | null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    iban: row.iban,
    bic: row.bic,
    asset,
    chain: asset ? (chainOfAsset(asset) ?? null) : null,
    address: row.address,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A name as SEPA carries it: the shared text rule (no NUL, lone surrogate, control or bidirectional override
 * character; NFC), trimmed, inner whitespace collapsed, 1 to 70 characters. A lone surrogate once got through, was
 * saved, then broke the stored answer (jsonb): a 500 after the beneficiary existed, and a duplicate on retry.
 */
function checkedName(name: string): string {
  if (!isSafeText(name)) {
    throw new BeneficiaryNameInvalidError(undefined, { maxChars: BENEFICIARY_NAME_MAX_CHARS });
  }
  const clean = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (clean.length === 0 || clean.length > BENEFICIARY_NAME_MAX_CHARS) {
    throw new BeneficiaryNameInvalidError(undefined, { maxChars: BENEFICIARY_NAME_MAX_CHARS });
  }
  return clean;
}

/** The customer's beneficiaries, oldest first (removed ones are gone from the list). */
export async function listBeneficiaries(rails: Rails, userId: string): Promise<Beneficiary[]> {
  const rows = await rails.db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toBeneficiary);
}

/** The beneficiary when `userId` owns it and it was not removed; CASH_BENEFICIARY_NOT_FOUND otherwise. */
export async function requireOwnedBeneficiary(
  rails: Rails,
  userId: string,
  beneficiaryId: string,
): Promise<BeneficiaryRow> {
  const row = isUuid(beneficiaryId)
    ? await rails.db
        .selectFrom('beneficiaries')
        .selectAll()
        .where('id', '=', beneficiaryId.toLowerCase())
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new BeneficiaryNotFoundError();
  }
  return row;
}

/** Validates and saves a beneficiary. Bad input changes nothing and names the rule (details.problem). */
export async function addBeneficiary(
  rails: Rails,
  userId: string,
  request: CreateBeneficiaryRequest,
): Promise<Beneficiary> {
  const name = checkedName(request.name);
  const base = {
    id: uuidv7(rails.core.now().getTime()),
    user_id: userId,
    name,
    created_at: rails.core.now(),
  };
  let row: BeneficiaryRow;
  if (request.kind === 'iban') {
    const iban = validateIban(request.iban);
    if (!iban.ok) {
      throw new InvalidIbanError(undefined, { problem: iban.problem });
    }
    const bic = request.bic === undefined || request.bic.trim() === '' ? null : validateBic(request.bic);
    if (bic && !bic.ok) {
      throw new InvalidBicError(undefined, { problem: bic.problem });
    }
    row = {
      ...base,
      kind: 'iban',
      iban: iban.value,
      bic: bic ? bic.value : null,
      asset: null,
      address: null,
      removed_at: null,
    };
  } else {
    const address = validateCryptoAddress(request.asset, request.address);
    if (!address.ok) {
      throw new InvalidCryptoAddressError(undefined, { problem: address.problem, asset: request.asset });
    }
    row = {
      ...base,
      kind: 'crypto',
      iban: null,
      bic: null,
      asset: request.asset,
      address: address.value,
      removed_at: null,
    };
  }
  // The same beneficiary saved again (a retry after a lost answer, a double click) is the one already saved.
  const same = await findSameBeneficiary(rails, row);
  if (same) {
    return toBeneficiary(same);
  }
  const count = await rails.db
    .selectFrom('beneficiaries')
    .select(rails.db.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= BENEFICIARIES_PER_CUSTOMER_MAX) {
    throw new BeneficiaryLimitReachedError(undefined, { max: BENEFICIARIES_PER_CUSTOMER_MAX });
  }
  await rails.db.insertInto('beneficiaries').values(row).execute();
  return toBeneficiary(row);
}

/** The customer's listed beneficiary with the same kind, name and destination as `row`, if any. */
async function findSameBeneficiary(rails: Rails, row: BeneficiaryRow): Promise<BeneficiaryRow | undefined> {
  let query = rails.db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('user_id', '=', row.user_id)
    .where('removed_at', 'is', null)
    .where('kind', '=', row.kind)
    .where('name', '=', row.name);
  query =
    row.kind === 'iban'
      ? query.where('iban', '=', row.iban!).where('bic', row.bic === null ? 'is' : '=', row.bic)
      : query.where('asset', '=', row.asset!).where('address', '=', row.address!);
  return query.orderBy('created_at').executeTakeFirst();
}

/**
 * Removes a beneficiary from the list. The row stays (removed_at set) because past withdrawals name it; a removed
 * beneficiary can no longer be paid.
 */
export async function removeBeneficiary(rails: Rails, userId: string, beneficiaryId: string): Promise<void> {
  const row = await requireOwnedBeneficiary(rails, userId, beneficiaryId);
  await rails.db
    .updateTable('beneficiaries')
    .set({ removed_at: rails.core.now() })
    .where('id', '=', row.id)
    .where('user_id', '=', userId)
    .execute();
}
