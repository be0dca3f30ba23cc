/**
 * GET/POST /wallets, GET/PATCH /wallets/{walletId} (docs/api.md, "Cash operations"). Signed-in customers only, on
 * their own wallets: another customer's wallet id answers exactly like an unknown one (404).
 */
import { createWalletRequestSchema, renameWalletRequestSchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import {
  createWallet,
  getCustomerWallet,
  listCustomerWallets,
  renameCustomerWallet,
} from './wallets.service.ts';
import { walletListSchema, walletParamsSchema, walletSchema } from './wallets.schemas.ts';

export const walletsRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true, apiKeys: true });
  app.get(
    '/wallets',
    { schema: { summary: "Lists the customer's wallets", response: { 200: walletListSchema } } },
    async (request) => ({ items: await listCustomerWallets(core, principalOf(request).userId) }),
  );
  app.post(
    '/wallets',
    {
      schema: {
        summary: 'Opens a wallet',
        description: 'Takes an optional Idempotency-Key.',
        body: createWalletRequestSchema,
        response: { 201: walletSchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
        statusCode: 201,
        body: await createWallet(core, userId, request.body),
      }));
    },
  );
  app.get(
    '/wallets/:walletId',
    { schema: { summary: 'Reads one wallet', params: walletParamsSchema, response: { 200: walletSchema } } },
    async (request) => getCustomerWallet(core, principalOf(request).userId, request.params.walletId),
  );
  app.patch(
    '/wallets/:walletId',
    {
      schema: {
        summary: 'Renames a wallet',
        params: walletParamsSchema,
        body: renameWalletRequestSchema,
        response: { 200: walletSchema },
      },
    },
    async (request) =>
      renameCustomerWallet(core, principalOf(request).userId, request.params.walletId, request.body.name),
  );
};
