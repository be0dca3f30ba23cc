/**
 * Delegations (settings section delegateAccounts, docs/adr/0018): an owner invites a person by e-mail with a role;
 * the invitee (a customer whose verified e-mail is that address, now or after signing up) accepts; the owner
 * revokes, the delegate leaves. The platform asks {@link DelegatesService.resolveDelegation} on every request that
 * carries `x-act-as` and records each delegated action here with both identities.
 */
import { randomUUID } from 'node:crypto';
import {
  DELEGATES_MAX,
  type DelegateAuditEntry,
  type DelegateRole,
  type DelegatesResponse,
  type GrantedDelegation,
  type IdentityDirectoryApi,
  type AccessUse,
} from '@tessera/contracts';
import { type AnyKysely, defineError } from '@tessera/platform';

export const DelegateSelfError = defineError('DELEGATE_SELF', 400, 'You cannot invite yourself.');
export const DelegateAlreadyInvitedError = defineError(
  'DELEGATE_ALREADY_INVITED',
  409,
  'This person is already invited or has access.',
);
export const DelegatesLimitError = defineError(
  'DELEGATES_LIMIT_REACHED',
  409,
  `At most ${DELEGATES_MAX} people may be invited or have access.`,
);
export const DelegationNotFoundError = defineError(
  'DELEGATION_NOT_FOUND',
  404,
  'There is no such invitation or access.',
);
export const DelegateEmailUnverifiedError = defineError(
  'DELEGATE_EMAIL_UNVERIFIED',
  403,
  'Verify your e-mail address before accepting an invitation.',
);

type Directory = () => IdentityDirectoryApi | undefined;

interface DelegationRow {
  id: string;
  owner_user_id: string;
  invitee_email: string;
  delegate_user_id: string | null;
  role: DelegateRole;
  status: 'pending' | 'active' | 'revoked' | 'left';
  created_at: Date | string;
  accepted_at: Date | string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUDIT_PAGE = 200;

const iso = (value: Date | string): string => new Date(value).toISOString();

export interface DelegatesService {
  list(userId: string): Promise<DelegatesResponse>;
  invite(ownerUserId: string, email: string, role: DelegateRole): Promise<GrantedDelegation>;
  /** The owner ends a pending or active delegation. */
  revoke(ownerUserId: string, id: string): Promise<void>;
  /** The invitee accepts a pending invitation sent to their verified e-mail. */
  accept(userId: string, id: string): Promise<void>;
  /** The delegate leaves an account (or declines an invitation). */
  leave(userId: string, id: string): Promise<void>;
  audit(ownerUserId: string): Promise<DelegateAuditEntry[]>;
  resolveDelegation(delegateUserId: string, ownerUserId: string): Promise<DelegateRole | null>;
  recordDelegateAction(
    record: AccessUse & { ownerUserId: string; delegateUserId: string; role: string },
  ): Promise<void>;
}

export function createDelegatesService(db: AnyKysely, directory: Directory): DelegatesService {
  const nameOf = async (userId: string | null, fallback: string): Promise<string> => {
    if (userId === null) {
      return fallback;
    }
    const contact = await directory()?.getContact(userId);
    return contact?.displayName ?? fallback;
  };
  const verifiedEmailOf = async (userId: string): Promise<string | null> => {
    const contact = await directory()?.getContact(userId);
    return contact?.emailVerified ? contact.email.trim().toLowerCase() : null;
  };
  /**
   * An e-mail to the invitee when the address belongs to a customer (in their language, through identity's outbox),
   * naming who invites them; nothing for an unknown address (the answer is the same, so the invitation tells no one
   * whether an address has an account). An e-mail that cannot be queued does not undo the invitation: it waits in
   * the invitee's section all the same.
   */
  const tellInvitee = async (ownerUserId: string, email: string): Promise<void> => {
    try {
      const invitee = await directory()?.lookupCustomerByEmail(email);
      if (invitee && invitee.userId !== ownerUserId) {
        await directory()?.emailCustomer?.(invitee.userId, 'delegateInvited', await nameOf(ownerUserId, ''));
      }
    } catch {
      // The invitation stands; the invitee sees it when they sign in.
    }
  };
  const row = async (id: string): Promise<DelegationRow | undefined> =>
    UUID.test(id)
      ? ((await db.selectFrom('delegations').selectAll().where('id', '=', id).executeTakeFirst()) as
          DelegationRow | undefined)
      : undefined;
  const granted = async (delegation: DelegationRow): Promise<GrantedDelegation> => ({
    id: delegation.id,
    email: delegation.invitee_email,
    displayName:
      delegation.delegate_user_id === null
        ? null
        : await nameOf(delegation.delegate_user_id, delegation.invitee_email),
    role: delegation.role,
    status: delegation.status,
    createdAt: iso(delegation.created_at),
    acceptedAt: delegation.accepted_at === null ? null : iso(delegation.accepted_at),
  });
  const end = async (id: string, status: 'revoked' | 'left') => {
    await db
      .updateTable('delegations')
      .set({ status, ended_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'active'])
      .execute();
  };

  return {
    async list(userId) {
      const mine = (await db
        .selectFrom('delegations')
        .selectAll()
        .where('owner_user_id', '=', userId)
        .where('status', 'in', ['pending', 'active'])
        .orderBy('created_at', 'asc')
        .execute()) as DelegationRow[];
      const email = await verifiedEmailOf(userId);
      let query = db
        .selectFrom('delegations')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('delegate_user_id', '=', userId), eb('status', '=', 'active')]),
            ...(email === null
              ? []
              : [eb.and([eb('invitee_email', '=', email), eb('status', '=', 'pending')])]),
          ]),
        );
      query = query.where('owner_user_id', '!=', userId);
      const theirs = (await query.orderBy('created_at', 'asc').execute()) as DelegationRow[];
      return {
        granted: await Promise.all(mine.map(granted)),
        accounts: await Promise.all(
          theirs.map(async (delegation) => ({
            id: delegation.id,
            ownerUserId: delegation.owner_user_id,
            ownerName: await nameOf(delegation.owner_user_id, 'Tessera customer'),
            role: delegation.role,
            status: delegation.status as 'pending' | 'active',
            createdAt: iso(delegation.created_at),
          })),
        ),
      };
    },

    async invite(ownerUserId, email, role) {
      const ownEmail = (await directory()?.getContact(ownerUserId))?.email.trim().toLowerCase();
      if (ownEmail === email) {
        throw new DelegateSelfError();
      }
      return db
        .transaction()
        .execute(async (trx) => {
          const open = (await trx
            .selectFrom('delegations')
            .select(['invitee_email'])
            .where('owner_user_id', '=', ownerUserId)
            .where('status', 'in', ['pending', 'active'])
            .forUpdate()
            .execute()) as Array<{ invitee_email: string }>;
          if (open.some((delegation) => delegation.invitee_email === email)) {
            throw new DelegateAlreadyInvitedError();
          }
          if (open.length >= DELEGATES_MAX) {
            throw new DelegatesLimitError();
          }
          const inserted = (await trx
            .insertInto('delegations')
            .values({
              id: randomUUID(),
              owner_user_id: ownerUserId,
              invitee_email: email,
              role,
              status: 'pending',
            })
            .returningAll()
            .executeTakeFirstOrThrow()) as DelegationRow;
          return inserted;
        })
        .then(
          async (inserted) => {
            await tellInvitee(ownerUserId, email);
            return granted(inserted);
          },
          (error: unknown) => {
            // Two invitations of the same person at once: the partial unique index lets one through.
            if ((error as { code?: unknown }).code === '23505') {
              throw new DelegateAlreadyInvitedError();
            }
            throw error;
          },
        );
    },

    async revoke(ownerUserId, id) {
      const delegation = await row(id);
      if (
        !delegation ||
        delegation.owner_user_id !== ownerUserId ||
        !['pending', 'active'].includes(delegation.status)
      ) {
        throw new DelegationNotFoundError();
      }
      await end(id, 'revoked');
    },

    async accept(userId, id) {
      const delegation = await row(id);
      if (!delegation || delegation.status !== 'pending' || delegation.owner_user_id === userId) {
        throw new DelegationNotFoundError();
      }
      const email = await verifiedEmailOf(userId);
      if (email === null) {
        throw new DelegateEmailUnverifiedError();
      }
      if (email !== delegation.invitee_email) {
        throw new DelegationNotFoundError();
      }
      await db
        .updateTable('delegations')
        .set({ status: 'active', delegate_user_id: userId, accepted_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async leave(userId, id) {
      const delegation = await row(id);
      const email = delegation?.status === 'pending' ? await verifiedEmailOf(userId) : null;
      const mine =
        delegation !== undefined &&
        ((delegation.status === 'active' && delegation.delegate_user_id === userId) ||
          (delegation.status === 'pending' && email !== null && delegation.invitee_email === email));
      if (!mine) {
        throw new DelegationNotFoundError();
      }
      await end(id, 'left');
    },

    async audit(ownerUserId) {
      const rows = (await db
        .selectFrom('delegate_audit')
        .selectAll()
        .where('owner_user_id', '=', ownerUserId)
        .orderBy('id', 'desc')
        .limit(AUDIT_PAGE)
        .execute()) as Array<{
        delegate_user_id: string;
        role: DelegateRole;
        method: string;
        path: string;
        status_code: number;
        at: Date | string;
      }>;
      const names = new Map<string, string>();
      for (const entry of rows) {
        if (!names.has(entry.delegate_user_id)) {
          names.set(entry.delegate_user_id, await nameOf(entry.delegate_user_id, entry.delegate_user_id));
        }
      }
      return rows.map((entry) => ({
        at: iso(entry.at),
        delegateUserId: entry.delegate_user_id,
        delegateName: names.get(entry.delegate_user_id) ?? entry.delegate_user_id,
        role: entry.role,
        method: entry.method,
        path: entry.path,
        statusCode: entry.status_code,
      }));
    },

    async resolveDelegation(delegateUserId, ownerUserId) {
      if (!UUID.test(delegateUserId) || !UUID.test(ownerUserId)) {
        return null;
      }
      const found = (await db
        .selectFrom('delegations')
        .select(['role'])
        .where('delegate_user_id', '=', delegateUserId)
        .where('owner_user_id', '=', ownerUserId)
        .where('status', '=', 'active')
        .executeTakeFirst()) as { role: DelegateRole } | undefined;
      return found?.role ?? null;
    },

    async recordDelegateAction(record) {
      await db
        .insertInto('delegate_audit')
        .values({
          owner_user_id: record.ownerUserId,
          delegate_user_id: record.delegateUserId,
          role: record.role,
          method: record.method,
          path: record.path,
          status_code: record.statusCode,
        })
        .execute();
    },
  };
}

/** The demo delegation (PRODUCT.md "Demo data"): Mia is Ana's trader. Idempotent. */
export async function seedDemoDelegation(
  db: AnyKysely,
  ownerUserId: string,
  delegateUserId: string,
  email: string,
): Promise<void> {
  const existing = await db
    .selectFrom('delegations')
    .select(['id'])
    .where('owner_user_id', '=', ownerUserId)
    .where('delegate_user_id', '=', delegateUserId)
    .executeTakeFirst();
  if (existing) {
    return;
  }
  await db
    .insertInto('delegations')
    .values({
      id: randomUUID(),
      owner_user_id: ownerUserId,
      invitee_email: email,
      delegate_user_id: delegateUserId,
      role: 'trader',
      status: 'active',
      accepted_at: new Date(),
    })
    .execute();
}
