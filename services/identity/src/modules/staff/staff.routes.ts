/**
 * HTTP under /api/identity/staff and /api/identity/audit-log (docs/api.md, "Staff"): admins manage staff (list,
 * invite with groups, change groups, disable and enable, reset the second factor) and read the staff audit log.
 * Every route needs a signed-in member of the `admin` group (403 FORBIDDEN otherwise, checked before the body is
 * used), and every change is itself written to the audit log.
 */
import { randomUUID } from 'node:crypto';
import {
  auditStaffAccess,
  defineError,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
  STAFF_GROUPS,
} from '@tessera/platform';
import { z } from 'zod';
import type { IdentityRuntime } from '../../runtime.ts';
import { pickLocale } from '../outbox/messages.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { temporaryPassword } from '../users/admin.service.ts';
import { normaliseEmail } from '../users/attributes.ts';
import { hashPassword } from '../users/passwords.ts';
import { findUserById, insertUser } from '../users/users.repository.ts';
import { createStaffAuditLog } from './staff-audit-log.ts';

export const StaffMemberNotFoundError = defineError('STAFF_MEMBER_NOT_FOUND', 404, 'No such staff member.');
export const StaffEmailTakenError = defineError(
  'STAFF_EMAIL_TAKEN',
  409,
  'Someone already has an account with this e-mail.',
);
export const StaffSelfChangeError = defineError(
  'STAFF_SELF_CHANGE',
  409,
  'You cannot disable yourself or remove your own admin group.',
);

const groupSchema = z.enum(STAFF_GROUPS);
const groupsSchema = z.array(groupSchema).min(1).max(STAFF_GROUPS.length);
const idParams = z.object({ id: z.uuid() });

const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  enabled: z.boolean(),
  status: z.string(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});

const inviteSchema = z.object({
  email: z.email().max(254),
  groups: groupsSchema,
  locale: z.enum(['en', 'fr']).optional(),
});

const auditQuery = z.object({
  actorId: z.string().max(64).optional(),
  subjectId: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  before: z
    .string()
    .regex(/^[0-9]{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  actorGroups: z.array(z.string()),
  action: z.string(),
  subjectId: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** The reason staff-management entries carry: the admin's own work, not a customer case. */
const STAFF_ADMIN_REASON = 'staff administration';

export type StaffRoutesOptions = { readonly runtime: IdentityRuntime; readonly context: ServiceContext };

export const staffRoutes: ServiceRoutes<StaffRoutesOptions> = async (app, { runtime, context }) => {
  const db = runtime.db;
  const auditLog = createStaffAuditLog(db);
  requireSignIn(app, context.auth);
  // Admins only, before any body or parameter is looked at.
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), 'admin');
  });

  async function member(id: string) {
    const user = await findUserById(db, id);
    if (!user || user.groups.length === 0) {
      throw new StaffMemberNotFoundError();
    }
    return user;
  }
  function view(user: NonNullable<Awaited<ReturnType<typeof findUserById>>>) {
    return {
      id: user.id,
      email: user.email,
      groups: user.groups,
      enabled: user.enabled,
      status: user.status,
      mfaEnabled: Boolean(user.totp_enabled && user.totp_secret),
      createdAt: user.created_at.toISOString(),
    };
  }

  app.get(
    '/api/identity/staff',
    {
      schema: {
        summary: 'Every staff member (users with at least one staff group), by e-mail',
        response: { 200: z.object({ members: z.array(staffMemberSchema) }) },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('jsonb_array_length', ['groups']), '>', 0))
        .orderBy('email')
        .limit(500)
        .execute();
      return { members: rows.map(view) };
    },
  );

  app.post(
    '/api/identity/staff',
    {
      schema: {
        summary:
          'Invites a staff member: the identity service e-mails a temporary password (through the outbox)',
        body: inviteSchema,
        response: { 201: staffMemberSchema },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const password = temporaryPassword();
      const id = randomUUID();
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      const created = await insertUser(db, {
        id,
        email,
        emailVerified: true,
        phoneNumber: null,
        passwordHash: await hashPassword(password),
        status: 'FORCE_CHANGE_PASSWORD',
        groups: [...new Set(request.body.groups)],
        attributes: { locale },
        locale,
      });
      if (!created) {
        throw new StaffEmailTakenError();
      }
      await enqueueMessage(db, {
        channel: 'email',
        recipient: email,
        locale,
        kind: 'temporaryPassword',
        value: password,
      });
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'staff.invite',
        subjectId: id,
        reason: STAFF_ADMIN_REASON,
        detail: { groups: request.body.groups },
      });
      return reply.status(201).send(view((await findUserById(db, id))!));
    },
  );

  app.put(
    '/api/identity/staff/:id/groups',
    {
      schema: {
        summary:
          "Sets a staff member's groups (their next token carries them; current sessions are signed out)",
        params: idParams,
        body: z.object({ groups: groupsSchema }),
        response: { 200: staffMemberSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await member(request.params.id);
      const groups = [...new Set(request.body.groups)];
      if (user.id === principal.userId && !groups.includes('admin')) {
        throw new StaffSelfChangeError();
      }
      await db
        .updateTable('users')
        .set({ groups: JSON.stringify(groups), updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      if (user.id !== principal.userId) {
        await runtime.tokens.revokeUserSessions(user.id);
      }
      await auditStaffAccess(auditLog, principal, {
        action: 'staff.groups',
        subjectId: user.id,
        reason: STAFF_ADMIN_REASON,
        detail: { from: user.groups, to: groups },
      });
      return view((await findUserById(db, user.id))!);
    },
  );

  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/api/identity/staff/:id/${path}`,
      {
        schema: {
          summary: enabled
            ? 'Enables a disabled staff member'
            : 'Disables a staff member: they cannot sign in and their sessions end',
          params: idParams,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const user = await member(request.params.id);
        if (!enabled && user.id === principal.userId) {
          throw new StaffSelfChangeError();
        }
        await db
          .updateTable('users')
          .set({ enabled, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        if (!enabled) {
          await runtime.tokens.revokeUserSessions(user.id);
        }
        await auditStaffAccess(auditLog, principal, {
          action: enabled ? 'staff.enable' : 'staff.disable',
          subjectId: user.id,
          reason: STAFF_ADMIN_REASON,
        });
        return view((await findUserById(db, user.id))!);
      },
    );
  }

  app.post(
    '/api/identity/staff/:id/reset-mfa',
    {
      schema: {
        summary:
          "Resets a staff member's second factor: their authenticator is forgotten, their sessions end, and they set up a new one at their next sign-in",
        params: idParams,
        response: { 200: staffMemberSchema },
      },
    },
    async (request) => {
      const user = await member(request.params.id);
      await db
        .updateTable('users')
        .set({
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled: false,
          totp_last_step: 0,
          preferred_mfa: user.preferred_mfa === 'SOFTWARE_TOKEN_MFA' ? null : user.preferred_mfa,
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      await runtime.tokens.revokeUserSessions(user.id);
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'staff.reset_mfa',
        subjectId: user.id,
        reason: STAFF_ADMIN_REASON,
      });
      return view((await findUserById(db, user.id))!);
    },
  );

  app.get(
    '/api/identity/audit-log',
    {
      schema: {
        summary:
          'The staff audit log, newest first, filtered by staff member, customer or action (cursor: before)',
        querystring: auditQuery,
        response: {
          200: z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
        },
      },
    },
    async (request) => auditLog.list(request.query),
  );
};
