/**
 * Every code the ledger answers with, defined once (docs/api.md, "Ledger"). Names follow TigerBeetle's
 * CreateTransferResult / CreateAccountResult where they exist (exceeds_credits is LEDGER_INSUFFICIENT_FUNDS).
 */
import { defineError } from '@tessera/platform';

// Tenants and ledgers.
export const TenantNotFoundError = defineError('LEDGER_TENANT_NOT_FOUND', 404, 'No such tenant.');
export const TenantExistsError = defineError(
  'LEDGER_TENANT_EXISTS_WITH_DIFFERENT_OWNER',
  409,
  'This tenant id is already taken.',
);
export const LedgerNotFoundError = defineError('LEDGER_LEDGER_NOT_FOUND', 404, 'No such ledger.');
export const AssetUnknownError = defineError(
  'LEDGER_ASSET_UNKNOWN',
  400,
  'Unknown asset: securities and fund units need assetKind.',
);

// Accounts.
export const AccountNotFoundError = defineError('LEDGER_ACCOUNT_NOT_FOUND', 404, 'No such account.');
export const AccountExistsError = defineError(
  'LEDGER_ACCOUNT_EXISTS_WITH_DIFFERENT_FIELDS',
  409,
  'An account with this id exists with other fields.',
);
export const AccountFlagsInvalidError = defineError(
  'LEDGER_ACCOUNT_FLAGS_INVALID',
  400,
  'These account flags are not allowed.',
);
export const AccountBalanceNotZeroError = defineError(
  'LEDGER_ACCOUNT_BALANCE_NOT_ZERO',
  422,
  'Only an account with a zero balance and nothing pending can be closed.',
);
export const AccountFrozenError = defineError(
  'LEDGER_ACCOUNT_FROZEN',
  422,
  'The account is frozen: it accepts no new transfers.',
);
export const AccountClosedError = defineError('LEDGER_ACCOUNT_CLOSED', 422, 'The account is closed.');

// Transfers.
export const AmountInvalidError = defineError(
  'LEDGER_AMOUNT_INVALID',
  400,
  'The amount is not a valid positive amount of this ledger.',
);
export const DebitAccountNotFoundError = defineError(
  'LEDGER_DEBIT_ACCOUNT_NOT_FOUND',
  422,
  'The debit account does not exist.',
);
export const CreditAccountNotFoundError = defineError(
  'LEDGER_CREDIT_ACCOUNT_NOT_FOUND',
  422,
  'The credit account does not exist.',
);
export const LedgerMismatchError = defineError(
  'LEDGER_MISMATCH',
  422,
  'The debit and credit accounts must belong to the ledger of the transfer.',
);
export const InsufficientFundsError = defineError(
  'LEDGER_INSUFFICIENT_FUNDS',
  422,
  'The debit account does not have enough available funds.',
);
export const ExceedsDebitsError = defineError(
  'LEDGER_EXCEEDS_DEBITS',
  422,
  'The credit account may not have more credits than debits.',
);
export const BalanceOverflowError = defineError(
  'LEDGER_BALANCE_OVERFLOW',
  422,
  'The transfer would take a balance past 10^38 minor units.',
);
export const TransferExistsError = defineError(
  'LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS',
  409,
  'A transfer with this id was already submitted with other fields.',
);
export const TransferNotFoundError = defineError('LEDGER_TRANSFER_NOT_FOUND', 404, 'No such transfer.');
export const PendingNotFoundError = defineError(
  'LEDGER_PENDING_TRANSFER_NOT_FOUND',
  422,
  'The pending transfer does not exist.',
);
export const PendingNotPendingError = defineError(
  'LEDGER_PENDING_TRANSFER_NOT_PENDING',
  422,
  'The referenced transfer is not a pending transfer.',
);
export const PendingAlreadyPostedError = defineError(
  'LEDGER_PENDING_TRANSFER_ALREADY_POSTED',
  422,
  'The pending transfer was already posted.',
);
export const PendingAlreadyVoidedError = defineError(
  'LEDGER_PENDING_TRANSFER_ALREADY_VOIDED',
  422,
  'The pending transfer was already voided.',
);
export const PendingExpiredError = defineError(
  'LEDGER_PENDING_TRANSFER_EXPIRED',
  422,
  'The pending transfer has expired.',
);
export const PendingMismatchError = defineError(
  'LEDGER_PENDING_TRANSFER_MISMATCH',
  422,
  'A field of the post or void differs from the pending transfer.',
);
export const ExceedsPendingAmountError = defineError(
  'LEDGER_EXCEEDS_PENDING_TRANSFER_AMOUNT',
  422,
  'A post may not exceed the pending amount.',
);
export const VoidAmountMismatchError = defineError(
  'LEDGER_PENDING_TRANSFER_HAS_DIFFERENT_AMOUNT',
  422,
  'A void must release the whole pending amount.',
);
export const LinkedEventFailedError = defineError(
  'LEDGER_LINKED_EVENT_FAILED',
  422,
  'Another transfer of this linked chain failed, so none of them was recorded.',
);
export const LinkedChainOpenError = defineError(
  'LEDGER_LINKED_EVENT_CHAIN_OPEN',
  400,
  'The last transfer of a batch may not be linked: the chain is never closed.',
);
export const LedgerBusyError = defineError(
  'LEDGER_BUSY',
  503,
  'The ledger has too many transfers waiting; retry with the same ids.',
);
