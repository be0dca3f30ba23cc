/**
 * The codes the tokenized-assets routes answer with (docs/api.md, "Tokenized assets"; TOKENIZED_ERROR_CODES of
 * @tessera/contracts). The investments service's own codes (fund not found, KYC level, idempotency key) are reused.
 */
import { defineError } from '@tessera/platform';

export const NotIssuerError = defineError(
  'TOKENS_NOT_ISSUER',
  403,
  "Only the fund's issuer (its manager, or Tessera's staff for a curated fund) can do this.",
);
export const NotHolderError = defineError(
  'TOKENS_NOT_HOLDER',
  404,
  'This customer holds no units of this fund.',
);
export const TransferRefusedError = defineError(
  'TOKENS_TRANSFER_REFUSED',
  422,
  'The transfer does not pass the compliance check: see details.reasons.',
);
export const TokenInsufficientUnitsError = defineError(
  'TOKENS_INSUFFICIENT_UNITS',
  422,
  'The holder does not have that many units free to freeze or move.',
);
export const NothingFrozenError = defineError(
  'TOKENS_NOTHING_FROZEN',
  422,
  "That many of the holder's units are not frozen.",
);
export const RecipientNotVerifiedError = defineError(
  'TOKENS_RECIPIENT_NOT_VERIFIED',
  422,
  'The recipient must have a verified identity (KYC level 2).',
);
export const NoHoldersError = defineError(
  'TOKENS_NO_HOLDERS',
  422,
  'The fund has no holders other than the issuer to distribute to.',
);
export const TokenNoWalletError = defineError(
  'TOKENS_NO_WALLET',
  422,
  "You have no wallet in the fund's currency.",
);
export const TokenInsufficientFundsError = defineError(
  'TOKENS_INSUFFICIENT_FUNDS',
  422,
  'Your wallet does not hold enough money for this distribution.',
);
export const DistributionFailedError = defineError(
  'TOKENS_DISTRIBUTION_FAILED',
  422,
  'The distribution was refused by the ledger: nothing was paid.',
);
export const NotATokenError = defineError(
  'TOKENS_NOT_A_TOKEN',
  422,
  'Units of a fund are minted and burnt only by investing and redeeming: mint and burn are for issuer tokens.',
);
export const NotInvestableError = defineError(
  'TOKENS_NOT_INVESTABLE',
  422,
  'An issuer token has no underlying basket: it cannot be invested in, redeemed, planned or rebalanced.',
);
export const SymbolTakenError = defineError(
  'TOKENS_SYMBOL_TAKEN',
  409,
  'Another token already has this symbol (symbols are unique, whatever the case): nothing was created.',
);
