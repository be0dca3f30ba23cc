/**
 * POST /api/user-management/me/close (docs/api.md, "Closing the account"): the signed-in owner closes their
 * account. Owner only (this scope declares no access: no delegate, no API key). The password is checked by the
 * identity service; every wallet must be empty (cash operations) and no order open (trading), else the refusal
 * names what blocks it. Then the profile picture is deleted and the identity service disables sign-in and ends
 * every session. Ledger history and identity verification records are kept (docs/operations.md, retention).
 */
import {
  CASH_OPERATIONS_CLIENT,
  closeAccountSchema,
  closedAccountSchema,
  IDENTITY_CLIENT,
  TRADING_CLIENT,
} from '@tessera/contracts';
import {
  defineError,
  principalOf,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
} from '@tessera/platform';
import type { ProfileService } from '../profile/profile.service.ts';

export const AccountClosePasswordIncorrectError = defineError(
  'ACCOUNT_CLOSE_PASSWORD_INCORRECT',
  403,
  'The password is not correct.',
);
export const AccountCloseBalanceNotZeroError = defineError(
  'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
  409,
  'Empty every wallet before closing the account.',
);
export const AccountCloseOpenOrdersError = defineError(
  'ACCOUNT_CLOSE_OPEN_ORDERS',
  409,
  'Cancel your open orders before closing the account.',
);
export const AccountCloseUnavailableError = defineError(
  'ACCOUNT_CLOSE_UNAVAILABLE',
  503,
  'Closing an account is not available right now.',
);

export type CloseRoutesOptions = {
  readonly context: ServiceContext;
  readonly profile: ProfileService;
};

export const closeRoutes: ServiceRoutes<CloseRoutesOptions> = async (app, { context, profile }) => {
  requireSignIn(app, context.auth);
  app.post(
    '/me/close',
    {
      schema: {
        summary: "Closes the signed-in customer's account (password; empty wallets and no open orders)",
        description:
          'Owner only. ACCOUNT_CLOSE_PASSWORD_INCORRECT (403), ACCOUNT_CLOSE_BALANCE_NOT_ZERO (409, details.wallets), ' +
          'ACCOUNT_CLOSE_OPEN_ORDERS (409, details.openOrders), ACCOUNT_CLOSE_UNAVAILABLE (503).',
        body: closeAccountSchema,
        response: { 200: closedAccountSchema },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const identity = context.clients?.find(IDENTITY_CLIENT);
      const cash = context.clients?.find(CASH_OPERATIONS_CLIENT);
      const trading = context.clients?.find(TRADING_CLIENT);
      if (
        !identity?.verifyCustomerPassword ||
        !identity.disableCustomer ||
        !cash?.walletsHoldingFunds ||
        !trading
      ) {
        throw new AccountCloseUnavailableError();
      }
      if (!(await identity.verifyCustomerPassword(userId, request.body.password))) {
        throw new AccountClosePasswordIncorrectError();
      }
      const wallets = await cash.walletsHoldingFunds(userId);
      if (wallets.length > 0) {
        throw new AccountCloseBalanceNotZeroError(undefined, { wallets });
      }
      const openOrders = await trading.openOrderCount(userId);
      if (openOrders > 0) {
        throw new AccountCloseOpenOrdersError(undefined, { openOrders });
      }
      await profile.deletePicture(userId);
      await identity.disableCustomer(userId);
      return { closed: true as const, closedAt: new Date().toISOString() };
    },
  );
};
