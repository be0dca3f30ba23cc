/**
 * The rails' error codes (docs/api.md, "Cash operations: rails"), defined once. The core's codes (amounts, limits,
 * wallets, CASH_STEP_UP_REQUIRED, CASH_INSUFFICIENT_FUNDS) are reused from errors.ts.
 */
import { defineError } from '@tessera/platform';

// Identifiers (details.problem names the broken rule: payment-identifiers.ts of @tessera/contracts).
export const InvalidIbanError = defineError('CASH_INVALID_IBAN', 400, 'This IBAN is not valid.');
export const InvalidBicError = defineError('CASH_INVALID_BIC', 400, 'This BIC is not valid.');
export const InvalidCryptoAddressError = defineError(
  'CASH_INVALID_CRYPTO_ADDRESS',
  400,
  'This address is not valid for the asset’s network.',
);

// Beneficiaries.
export const BeneficiaryNotFoundError = defineError(
  'CASH_BENEFICIARY_NOT_FOUND',
  404,
  'No such beneficiary.',
);
export const BeneficiaryNameInvalidError = defineError(
  'CASH_BENEFICIARY_NAME_INVALID',
  400,
  'Give the beneficiary’s name (1 to 70 characters).',
);
export const BeneficiaryLimitReachedError = defineError(
  'CASH_BENEFICIARY_LIMIT_REACHED',
  422,
  'You have as many beneficiaries as allowed: remove one first.',
);
export const BeneficiaryAssetMismatchError = defineError(
  'CASH_BENEFICIARY_ASSET_MISMATCH',
  422,
  'This beneficiary cannot receive this wallet’s asset.',
);

// Cards.
export const CardDeclinedError = defineError('CASH_CARD_DECLINED', 422, 'The card was declined.');
export const CardTokenInvalidError = defineError(
  'CASH_CARD_TOKEN_INVALID',
  400,
  'The card details are no longer valid: enter them again.',
);
export const CardNotFoundError = defineError('CASH_CARD_NOT_FOUND', 404, 'No such saved card.');
export const CardDepositNotFoundError = defineError(
  'CASH_CARD_DEPOSIT_NOT_FOUND',
  404,
  'No such card deposit.',
);
export const CardAssetUnsupportedError = defineError(
  'CASH_CARD_ASSET_UNSUPPORTED',
  422,
  'Card deposits go to EUR, USD, GBP or CHF wallets.',
);
export const CardReturnUrlInvalidError = defineError(
  'CASH_CARD_RETURN_URL_INVALID',
  400,
  'The return address must be a path of this site.',
);
export const CardLimitReachedError = defineError(
  'CASH_CARD_LIMIT_REACHED',
  422,
  'You have as many saved cards as allowed: remove one first, or pay without saving this card.',
);
export const CardProcessorUnavailableError = defineError(
  'CASH_CARD_PROCESSOR_UNAVAILABLE',
  503,
  'Card payments are unavailable right now.',
);

// SEPA and crypto.
export const SepaAssetUnsupportedError = defineError(
  'CASH_SEPA_ASSET_UNSUPPORTED',
  422,
  'SEPA moves euros only: use a EUR wallet.',
);
export const Camt054InvalidError = defineError(
  'CASH_CAMT054_INVALID',
  400,
  'This file is not a readable ISO 20022 camt.054 notification.',
);
// camt.054 imports (four eyes: an admin uploads, a different admin approves).
export const Camt054ImportNotFoundError = defineError(
  'CASH_CAMT054_IMPORT_NOT_FOUND',
  404,
  'No such camt.054 import.',
);
export const Camt054SameAdminError = defineError(
  'CASH_CAMT054_SAME_ADMIN',
  403,
  'Another admin must approve this import: not the one who uploaded it.',
);
export const Camt054ImportExpiredError = defineError(
  'CASH_CAMT054_IMPORT_EXPIRED',
  409,
  'This import was not approved in time: upload the file again.',
);
export const Camt054ImportNotPendingError = defineError(
  'CASH_CAMT054_IMPORT_NOT_PENDING',
  409,
  'This import has already been decided.',
);
export const Camt054TooManyPendingError = defineError(
  'CASH_CAMT054_TOO_MANY_PENDING',
  422,
  'Too many camt.054 imports are waiting for approval: approve or reject some first.',
);
export const CryptoAssetUnsupportedError = defineError(
  'CASH_CRYPTO_ASSET_UNSUPPORTED',
  422,
  'This wallet’s asset cannot be sent or received on a chain.',
);

// Withdrawals.
export const WithdrawalNotFoundError = defineError('CASH_WITHDRAWAL_NOT_FOUND', 404, 'No such withdrawal.');

// Simulators.
export const SimulatorDisabledError = defineError(
  'CASH_SIMULATOR_DISABLED',
  403,
  'The rail simulators are for development and staff only.',
);
