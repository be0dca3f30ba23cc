/**
 * POST /api/user-management/me/close (docs/api.md, "Closing the account"): the signed-in owner closes their
 * account. Owner only (this scope declares no access: no delegate, no API key). The password is checked by the
 * identity service; then nothing may be left that the customer would lose or that would keep running, else the
 * refusal names what blocks it, checked in the order a customer settles things: no active automated plan
 * (investments), no open order (trading), no holding (trading's positions, investments' fund and token units), every
 * wallet empty (cash operations). Ledger history and identity verification records are kept (docs/operations.md).
 *
 * The steps, in this order, so that a crash between any two is never worse than before the second look existed
 * (then the checks ran once, the picture was deleted, and the customer was disabled):
 * 1. the password, then the first look at every check: a refusal changes nothing;
 * 2. the identity service disables sign-in and ends every session (a crash after it leaves the account closed, as
 *    a success did before, with its profile picture still stored: docs/operations.md says how support deletes it);
 * 3. the second look at every check, now that the customer cannot sign in or start anything new: money may have
 *    arrived meanwhile (a transfer from another customer, a SEPA credit) or the customer, signed in elsewhere, may
 *    have started something. If anything blocks now, sign-in is enabled again (exactly what step 2 turned off; the
 *    ended sessions stay ended, so the customer signs in again) and the same refusal is answered; if the look itself
 *    fails, sign-in is enabled again too and ACCOUNT_CLOSE_UNAVAILABLE is answered.
 *    If enabling fails, the customer stays disabled (as before) and the error log says so for support;
 * 4. the profile picture is deleted, only now that the account is closed: a refusal never loses it;
 * 5. the answer.
 */
import {
  CASH_OPERATIONS_CLIENT,
  closeAccountSchema,
  closedAccountSchema,
  type CustomerDisabling,
  type HoldingBlockingClose,
  IDENTITY_CLIENT,
  type IdentityDirectoryApi,
  INVESTMENTS_CLIENT,
  type PlanBlockingClose,
  TRADING_CLIENT,
  type WalletHoldingFunds,
} from '@tessera/contracts';
import {
  defineError,
  principalOf,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
} from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
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
export const AccountCloseHoldingsNotEmptyError = defineError(
  'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
  409,
  'Sell or move your securities, fund units and tokens before closing the account.',
);
export const AccountCloseActivePlansError = defineError(
  'ACCOUNT_CLOSE_ACTIVE_PLANS',
  409,
  'End your automated investment plans before closing the account.',
);
export const AccountCloseUnavailableError = defineError(
  'ACCOUNT_CLOSE_UNAVAILABLE',
  503,
  'Closing an account is not available right now.',
);

/** The reads the checks need, each offered by its service (test doubles may omit them: then closing is unavailable). */
interface CloseChecks {
  activePlans(userId: string): Promise<readonly PlanBlockingClose[]>;
  openOrderCount(userId: string): Promise<number>;
  positionsHeld(userId: string): Promise<readonly HoldingBlockingClose[]>;
  unitsHeld(userId: string): Promise<readonly HoldingBlockingClose[]>;
  walletsHoldingFunds(userId: string): Promise<readonly WalletHoldingFunds[]>;
}

/** The refusal of the first check that fails, in the order a customer settles things; null when nothing blocks. */
async function refusalOf(checks: CloseChecks, userId: string): Promise<Error | null> {
  const plans = await checks.activePlans(userId);
  if (plans.length > 0) {
    return new AccountCloseActivePlansError(undefined, { plans });
  }
  const openOrders = await checks.openOrderCount(userId);
  if (openOrders > 0) {
    return new AccountCloseOpenOrdersError(undefined, { openOrders });
  }
  const holdings = [...(await checks.positionsHeld(userId)), ...(await checks.unitsHeld(userId))];
  if (holdings.length > 0) {
    return new AccountCloseHoldingsNotEmptyError(undefined, { holdings });
  }
  const wallets = await checks.walletsHoldingFunds(userId);
  if (wallets.length > 0) {
    return new AccountCloseBalanceNotZeroError(undefined, { wallets });
  }
  return null;
}

/** Step 4's undo: sign-in back on, or an error log naming the customer left disabled. */
async function enableAgain(
  identity: Required<Pick<IdentityDirectoryApi, 'enableCustomer'>>,
  disabling: CustomerDisabling | null,
  log: FastifyBaseLogger,
): Promise<void> {
  if (disabling === null) {
    // Sign-in was already off before this closing (staff, or another closing): not this request's to turn on.
    return;
  }
  const enabled = await identity.enableCustomer(disabling).catch((error: unknown) => {
    log.error({ err: error, userId: disabling.userId }, 'account close: enabling the customer again failed');
    return null;
  });
  if (enabled === false) {
    log.error(
      { userId: disabling.userId },
      'account close: the customer changed since disabling and was not enabled again',
    );
  }
}

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
        summary:
          "Closes the signed-in customer's account (password; no active plan, open order or holding, empty wallets)",
        description:
          'Owner only. ACCOUNT_CLOSE_PASSWORD_INCORRECT (403), ACCOUNT_CLOSE_ACTIVE_PLANS (409, details.plans), ' +
          'ACCOUNT_CLOSE_OPEN_ORDERS (409, details.openOrders), ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY (409, ' +
          'details.holdings), ACCOUNT_CLOSE_BALANCE_NOT_ZERO (409, details.wallets), ACCOUNT_CLOSE_UNAVAILABLE (503).',
        body: closeAccountSchema,
        response: { 200: closedAccountSchema },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const identity = context.clients?.find(IDENTITY_CLIENT);
      const cash = context.clients?.find(CASH_OPERATIONS_CLIENT);
      const trading = context.clients?.find(TRADING_CLIENT);
      const investments = context.clients?.find(INVESTMENTS_CLIENT);
      if (
        !identity?.verifyCustomerPassword ||
        !identity.disableCustomer ||
        !identity.enableCustomer ||
        !cash?.walletsHoldingFunds ||
        !trading?.positionsHeld ||
        !investments?.unitsHeld ||
        !investments.activePlans
      ) {
        throw new AccountCloseUnavailableError();
      }
      const checks: CloseChecks = {
        activePlans: investments.activePlans.bind(investments),
        openOrderCount: trading.openOrderCount.bind(trading),
        positionsHeld: trading.positionsHeld.bind(trading),
        unitsHeld: investments.unitsHeld.bind(investments),
        walletsHoldingFunds: cash.walletsHoldingFunds.bind(cash),
      };
      const enabler = { enableCustomer: identity.enableCustomer.bind(identity) };
      if (!(await identity.verifyCustomerPassword(userId, request.body.password))) {
        throw new AccountClosePasswordIncorrectError();
      }
      const first = await refusalOf(checks, userId);
      if (first !== null) {
        throw first;
      }
      const disabling = await identity.disableCustomer(userId);
      let second: Error | null;
      try {
        second = await refusalOf(checks, userId);
      } catch (error) {
        request.log.error({ err: error, userId }, 'account close: the second look failed');
        await enableAgain(enabler, disabling, request.log);
        throw new AccountCloseUnavailableError();
      }
      if (second !== null) {
        await enableAgain(enabler, disabling, request.log);
        throw second;
      }
      await profile.deletePicture(userId);
      return { closed: true as const, closedAt: new Date().toISOString() };
    },
  );
};
