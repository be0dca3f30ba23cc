/**
 * HTTP under /api/user-management/delegates (docs/api.md, "Delegates and API keys"). Owner-only scope: no delegate
 * (`x-act-as`) and no API key reaches these routes (delegations are never delegable). Both sides use them: the owner
 * invites, revokes and reads the audit log; the invitee accepts, and a delegate leaves.
 */
import {
  delegateAuditResponseSchema,
  delegatesResponseSchema,
  grantedDelegationSchema,
  inviteDelegateSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { DelegatesService } from './delegates.service.ts';

export type DelegatesRoutesOptions = {
  readonly context: ServiceContext;
  readonly delegates: DelegatesService;
};

/** These reads take no query: anything sent is refused (VALIDATION_FAILED), never silently ignored. */
const noQuery = z.object({}).strict();
const idParams = z.object({ id: z.uuid() });

export const delegatesRoutes: ServiceRoutes<DelegatesRoutesOptions> = async (app, { context, delegates }) => {
  requireSignIn(app, context.auth);
  app.get(
    '/delegates',
    {
      schema: {
        querystring: noQuery,
        summary:
          'The people the customer gave access to, and the accounts they may act for or are invited to',
        response: { 200: delegatesResponseSchema },
      },
    },
    async (request) => delegates.list(principalOf(request).userId),
  );
  app.post(
    '/delegates',
    {
      schema: {
        summary: 'Invites a person by e-mail with a role (viewer, trader, full)',
        body: inviteDelegateSchema,
        response: { 201: grantedDelegationSchema },
      },
    },
    async (request, reply) => {
      const invited = await delegates.invite(
        principalOf(request).userId,
        request.body.email,
        request.body.role,
      );
      return reply.code(201).send(invited);
    },
  );
  app.get(
    '/delegates/audit',
    {
      schema: {
        querystring: noQuery,
        summary: "What delegates did on the customer's account (latest 200), with both identities",
        response: { 200: delegateAuditResponseSchema },
      },
    },
    async (request) => ({ entries: await delegates.audit(principalOf(request).userId) }),
  );
  app.delete(
    '/delegates/:id',
    {
      schema: {
        summary: 'Revokes an invitation or an access at once (owner)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await delegates.revoke(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/delegates/:id/accept',
    {
      schema: {
        summary: "Accepts an invitation sent to the signed-in customer's verified e-mail",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await delegates.accept(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/delegates/:id/leave',
    {
      schema: {
        summary: 'Leaves an account one acts for, or declines an invitation (delegate)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await delegates.leave(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
