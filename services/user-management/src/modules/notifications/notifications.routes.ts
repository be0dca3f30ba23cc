/**
 * HTTP under /api/user-management/notifications (docs/api.md "Notifications"): the signed-in customer's own
 * notifications, channels and balance rules. The customer id always comes from the token: another customer's
 * notification or rule answers 404, as one that does not exist.
 */
import {
  balanceRuleInputSchema,
  balanceRuleListSchema,
  balanceRuleSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { BalanceRulesService } from './balance-rules.ts';
import type { NotificationsService } from './notifications.service.ts';

/** No query parameters: an unknown one is refused (VALIDATION_FAILED). */
const noQuery = z.object({}).strict();
/** No body, or an empty object: any field is refused. */
const noBody = z.object({}).strict().optional();

export type NotificationRoutesOptions = {
  readonly context: ServiceContext;
  readonly notifications: NotificationsService;
  readonly rules: BalanceRulesService;
};

const idParams = z.object({ id: z.string().max(64) }).strict();

export const notificationRoutes: ServiceRoutes<NotificationRoutesOptions> = async (
  app,
  { context, notifications, rules },
) => {
  requireSignIn(app, context.auth);
  app.get(
    '/notifications',
    {
      schema: {
        summary: "The signed-in customer's notifications, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      return notifications.list(principalOf(request).userId, {
        limit,
        ...(before === undefined ? {} : { before }),
      });
    },
  );
  app.post(
    '/notifications/:id/read',
    {
      schema: {
        body: noBody,
        summary: 'Marks one of the customer’s notifications read',
        params: idParams,
        response: { 200: notificationSchema },
      },
    },
    async (request) => notifications.markRead(principalOf(request).userId, request.params.id),
  );
  app.post(
    '/notifications/read-all',
    {
      schema: {
        body: noBody,
        summary: 'Marks every notification of the customer read',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await notifications.markAllRead(principalOf(request).userId);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/notifications/preferences',
    {
      schema: {
        querystring: noQuery,
        summary: 'The channels (in the app, by e-mail) of every notification type',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => notifications.preferences(principalOf(request).userId),
  );
  app.put(
    '/notifications/preferences',
    {
      schema: {
        summary: 'Saves the channels of every notification type',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => notifications.savePreferences(principalOf(request).userId, request.body),
  );
  app.get(
    '/notifications/balance-rules',
    {
      schema: {
        querystring: noQuery,
        summary: "The customer's balance rules",
        response: { 200: balanceRuleListSchema },
      },
    },
    async (request) => ({ items: await rules.list(principalOf(request).userId) }),
  );
  app.post(
    '/notifications/balance-rules',
    {
      schema: {
        summary: 'Adds a balance rule on one of the customer’s wallets',
        body: balanceRuleInputSchema,
        response: { 201: balanceRuleSchema },
      },
    },
    async (request, reply) => {
      const rule = await rules.create(principalOf(request).userId, request.body);
      return reply.code(201).send(rule);
    },
  );
  app.delete(
    '/notifications/balance-rules/:id',
    {
      schema: {
        summary: 'Deletes one of the customer’s balance rules',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await rules.remove(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
