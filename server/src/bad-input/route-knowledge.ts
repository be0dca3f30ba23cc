/**
 * What the suite knows about some routes beyond their path: the contract schema of the body or query (from
 * packages/contracts) and a plausible body to start from, so that one hostile field among valid ones reaches
 * the service's own checks and the database instead of stopping at the first missing field. Routes without an
 * entry are still covered, with generic field names. Issue #14 will put the schemas on the routes themselves;
 * then this table can read them from there.
 */
import {
  activityQuerySchema,
  assistantMessageRequestSchema,
  BANK_TENANT_ID,
  createBeneficiaryRequestSchema,
  createFundRequestSchema,
  createIssuerTokenRequestSchema,
  createCardDepositRequestSchema,
  createPriceAlertRequestSchema,
  createQuoteRequestSchema,
  createWalletRequestSchema,
  createWatchlistRequestSchema,
  createWithdrawalRequestSchema,
  customerTransferRequestSchema,
  investRequestSchema,
  kycApplicationUpdateSchema,
  kycDecisionRequestSchema,
  ledgerInputSchema,
  listFundsQuerySchema,
  listOrdersQuerySchema,
  ownTransferRequestSchema,
  placeOrderRequestSchema,
  portfolioHistoryQuerySchema,
  previewOrderRequestSchema,
  produceBlocksRequestSchema,
  redeemRequestSchema,
  renameWalletRequestSchema,
  replaceOrderRequestSchema,
  updateFundRequestSchema,
  simulateCryptoDepositRequestSchema,
  simulateSepaCreditRequestSchema,
  tenantInputSchema,
  tokenizeCardRequestSchema,
  tokenBurnRequestSchema,
  tokenMintRequestSchema,
  tradingPreferencesSchema,
  transferInputSchema,
  updateCustomerProfileSchema,
  updateWatchlistRequestSchema,
  withdrawalListQuerySchema,
  tokenDistributionRequestSchema,
  tokenForcedTransferRequestSchema,
  tokenFreezeRequestSchema,
  tokenPauseRequestSchema,
  tokenTransferRequestSchema,
} from '@tessera/contracts';
import type { z } from 'zod';

/** Real identifiers of the signed-in demo customer, read from the API before the cases are built. */
export interface CustomerSample {
  readonly eurWalletId: string;
  readonly otherWalletId: string;
  /** A second EUR wallet (a savings vault the harness opens). */
  readonly eurSavingsWalletId: string;
  readonly eurIban: string;
}

/** What is known of one route. */
export interface RouteKnowledge {
  readonly bodySchema?: z.ZodType;
  readonly querySchema?: z.ZodType;
  readonly sampleBody?: (sample: CustomerSample) => Record<string, unknown>;
}

const aUuid = '0190a0b0-0000-7000-8000-000000000001';

/** By route key (`METHOD /path`). */
export const routeKnowledge: Readonly<Record<string, RouteKnowledge>> = {
  'PATCH /api/user-management/me': {
    bodySchema: updateCustomerProfileSchema,
    sampleBody: () => ({ referenceCurrency: 'USD' }),
  },
  'PUT /api/user-management/me/trading-preferences': {
    bodySchema: tradingPreferencesSchema,
    sampleBody: () => ({
      defaultOrderType: 'limit',
      timeInForce: 'GTC',
      quantityMode: 'amount',
      confirmOrders: false,
      defaultProduct: 'MSFT_cboe',
    }),
  },
  'PUT /api/user-management/kyc/application': {
    bodySchema: kycApplicationUpdateSchema,
    sampleBody: () => ({
      personal: { firstName: 'Anna', lastName: 'Eriksson', birthDate: '1974-08-12', nationality: 'NLD' },
      address: { line1: 'Keizersgracht 1', postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
      document: {
        type: 'driving_licence',
        issuingCountry: 'NLD',
        number: 'X1234567',
        expiryDate: '2034-04-15',
      },
      dueDiligence: {
        purpose: 'investing',
        yearlyVolumeBand: '10000_to_50000',
        sourceOfIncome: 'salary',
        politicallyExposed: false,
      },
    }),
  },
  'POST /api/user-management/staff/kyc/cases/:id/decision': {
    bodySchema: kycDecisionRequestSchema,
    sampleBody: () => ({ decision: 'request_info', reason: 'Please send the back of the document.' }),
  },
  'POST /api/ledger/tenants': {
    bodySchema: tenantInputSchema,
    sampleBody: () => ({ id: 'probe-tenant', ownerUserId: aUuid }),
  },
  'POST /api/ledger/tenants/:tenantId/ledgers': {
    bodySchema: ledgerInputSchema,
    sampleBody: () => ({ code: 'EUR' }),
  },
  'POST /api/ledger/tenants/:tenantId/transfers': {
    bodySchema: transferInputSchema,
    sampleBody: (sample) => ({
      id: aUuid,
      debitAccountId: sample.eurWalletId,
      creditAccountId: sample.otherWalletId,
      amount: '1.00',
      ledger: 'EUR',
      code: 1,
    }),
  },
  'POST /api/cash-operations/wallets': {
    bodySchema: createWalletRequestSchema,
    sampleBody: () => ({ asset: 'GBP', name: 'Trip' }),
  },
  'PATCH /api/cash-operations/wallets/:walletId': {
    bodySchema: renameWalletRequestSchema,
    sampleBody: () => ({ name: 'Main' }),
  },
  'GET /api/cash-operations/wallets/:walletId/activity': { querySchema: activityQuerySchema },
  'POST /api/cash-operations/fx/quotes': {
    bodySchema: createQuoteRequestSchema,
    sampleBody: (sample) => ({
      fromWalletId: sample.eurWalletId,
      toWalletId: sample.otherWalletId,
      amount: '10.00',
      side: 'send',
    }),
  },
  'POST /api/cash-operations/transfers': {
    bodySchema: ownTransferRequestSchema,
    sampleBody: (sample) => ({
      fromWalletId: sample.eurWalletId,
      toWalletId: sample.eurSavingsWalletId,
      amount: '1.00',
      note: 'rent',
    }),
  },
  'POST /api/cash-operations/transfers/customer': {
    bodySchema: customerTransferRequestSchema,
    sampleBody: (sample) => ({
      fromWalletId: sample.eurWalletId,
      recipientEmail: 'leo.fresh@tessera.test',
      amount: '1.00',
      note: 'lunch',
    }),
  },
  'POST /api/cash-operations/beneficiaries': {
    bodySchema: createBeneficiaryRequestSchema,
    sampleBody: () => ({
      kind: 'iban',
      name: 'Landlord',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
    }),
  },
  'POST /api/cash-operations/card/deposits': {
    bodySchema: createCardDepositRequestSchema,
    sampleBody: (sample) => ({
      walletId: sample.eurWalletId,
      amount: '10.00',
      token: 'tok_probe',
      returnUrl: '/',
    }),
  },
  'POST /api/cash-operations/withdrawals': {
    bodySchema: createWithdrawalRequestSchema,
    sampleBody: (sample) => ({
      walletId: sample.eurWalletId,
      beneficiaryId: aUuid,
      amount: '1.00',
      reference: 'r',
    }),
  },
  'GET /api/cash-operations/withdrawals': { querySchema: withdrawalListQuerySchema },
  'POST /api/cash-operations/dev/sepa/incoming': {
    bodySchema: simulateSepaCreditRequestSchema,
    sampleBody: (sample) => ({
      iban: sample.eurIban,
      amount: '1.00',
      debtorName: 'Payer',
      remittance: 'invoice 1',
    }),
  },
  'POST /api/cash-operations/dev/crypto/incoming': {
    bodySchema: simulateCryptoDepositRequestSchema,
    sampleBody: () => ({
      asset: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '0.001',
    }),
  },
  'POST /api/cash-operations/dev/crypto/blocks': {
    bodySchema: produceBlocksRequestSchema,
    sampleBody: () => ({ chain: 'bitcoin', count: 1 }),
  },
  'POST /processor-sim/v1/tokens': {
    bodySchema: tokenizeCardRequestSchema,
    sampleBody: () => ({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
  },
  'POST /api/trading/orders': {
    bodySchema: placeOrderRequestSchema,
    sampleBody: () => ({
      clientOrderId: aUuid,
      productId: 'AAPL_cboe',
      side: 'buy',
      type: 'limit',
      quantity: '1',
      limitPrice: '100.00',
      timeInForce: 'DAY',
    }),
  },
  'POST /api/trading/orders/preview': {
    bodySchema: previewOrderRequestSchema,
    sampleBody: () => ({
      productId: 'AAPL_cboe',
      side: 'buy',
      type: 'limit',
      quantity: '1',
      limitPrice: '100.00',
    }),
  },
  'GET /api/trading/orders': { querySchema: listOrdersQuerySchema },
  'POST /api/trading/orders/:id/replace': {
    bodySchema: replaceOrderRequestSchema,
    sampleBody: () => ({ limitPrice: '101.00' }),
  },
  'POST /api/trading/watchlists': {
    bodySchema: createWatchlistRequestSchema,
    sampleBody: () => ({ name: 'Tech', productIds: ['AAPL_cboe'] }),
  },
  'PATCH /api/trading/watchlists/:id': {
    bodySchema: updateWatchlistRequestSchema,
    sampleBody: () => ({ name: 'Tech' }),
  },
  'POST /api/trading/alerts': {
    bodySchema: createPriceAlertRequestSchema,
    sampleBody: () => ({ productId: 'AAPL_cboe', condition: 'above', price: '100.00' }),
  },
  'POST /api/assistant/messages': {
    bodySchema: assistantMessageRequestSchema,
    sampleBody: () => ({ text: 'What is my balance?', language: 'en' }),
  },
  'POST /api/help/articles/:id/feedback': {
    sampleBody: () => ({ language: 'en', helpful: true, comment: 'clear' }),
  },
  'GET /api/time-series/portfolio': { querySchema: portfolioHistoryQuerySchema },
  'POST /api/investments/funds': {
    bodySchema: createFundRequestSchema,
    sampleBody: () => ({
      name: 'Hostile fund',
      managementFeePercent: '0.50',
      components: [{ productId: 'SAP_xetra', weight: '100' }],
    }),
  },
  'PATCH /api/investments/funds/:fundId': {
    bodySchema: updateFundRequestSchema,
    sampleBody: () => ({ name: 'Renamed fund' }),
  },
  'POST /api/investments/funds/:fundId/invest': {
    bodySchema: investRequestSchema,
    sampleBody: () => ({ amount: '10.00' }),
  },
  'POST /api/investments/funds/:fundId/invest/preview': {
    bodySchema: investRequestSchema,
    sampleBody: () => ({ amount: '10.00' }),
  },
  'POST /api/investments/funds/:fundId/redeem': {
    bodySchema: redeemRequestSchema,
    sampleBody: () => ({ units: '1' }),
  },
  'POST /api/investments/funds/:fundId/redeem/preview': {
    bodySchema: redeemRequestSchema,
    sampleBody: () => ({ units: '1' }),
  },
  'GET /api/investments/funds': { querySchema: listFundsQuerySchema },
  'POST /api/investments/tokens/funds/:fundId/transfers/check': {
    bodySchema: tokenTransferRequestSchema,
    sampleBody: () => ({ recipientEmail: 'someone@example.com', units: '1' }),
  },
  'POST /api/investments/tokens/funds/:fundId/transfers': {
    bodySchema: tokenTransferRequestSchema,
    sampleBody: () => ({ recipientEmail: 'someone@example.com', units: '1' }),
  },
  'POST /api/investments/tokens/funds/:fundId/freeze': {
    bodySchema: tokenFreezeRequestSchema,
    sampleBody: () => ({ holderId: 'holder-1', units: '1' }),
  },
  'POST /api/investments/tokens/funds/:fundId/unfreeze': {
    bodySchema: tokenFreezeRequestSchema,
    sampleBody: () => ({ holderId: 'holder-1', units: 'all' }),
  },
  'POST /api/investments/tokens/funds/:fundId/pause': {
    bodySchema: tokenPauseRequestSchema,
    sampleBody: () => ({ reason: 'Corporate action' }),
  },
  'POST /api/investments/tokens/funds/:fundId/resume': {
    bodySchema: tokenPauseRequestSchema,
    sampleBody: () => ({}),
  },
  'POST /api/investments/tokens/funds/:fundId/forced-transfers': {
    bodySchema: tokenForcedTransferRequestSchema,
    sampleBody: () => ({
      fromHolderId: 'holder-1',
      toHolderId: 'holder-2',
      units: '1',
      reason: 'Court order',
    }),
  },
  'POST /api/investments/tokens/funds/:fundId/distributions': {
    bodySchema: tokenDistributionRequestSchema,
    sampleBody: () => ({ amount: '10.00' }),
  },
  'POST /api/investments/tokens/funds/:fundId/distributions/preview': {
    bodySchema: tokenDistributionRequestSchema,
    sampleBody: () => ({ amount: '10.00' }),
  },
  'POST /api/investments/tokens/issued': {
    bodySchema: createIssuerTokenRequestSchema,
    sampleBody: () => ({ name: 'Bakery shares', symbol: 'BAKE', parValue: '1.00', description: 'A token' }),
  },
  'POST /api/investments/tokens/funds/:fundId/mint': {
    bodySchema: tokenMintRequestSchema,
    sampleBody: () => ({ recipientEmail: 'someone@example.com', units: '1', reason: 'Founding round' }),
  },
  'POST /api/investments/tokens/funds/:fundId/burn': {
    bodySchema: tokenBurnRequestSchema,
    sampleBody: () => ({ holderId: 'holder-1', units: '1', reason: 'Buy-back' }),
  },
};

/** Plausible values of path parameters by name, so a hostile value in one parameter is the only thing wrong. */
export function sampleParam(name: string, sample: CustomerSample): string {
  const known: Record<string, string> = {
    tenantId: BANK_TENANT_ID,
    walletId: sample.eurWalletId,
    productId: 'AAPL_cboe',
    code: 'EUR',
    month: '2026-01',
    language: 'en-US',
    file: 'common.json',
    id: '1',
  };
  return known[name] ?? aUuid;
}

/** Field names tried on every body route whose schema is not known (and on known ones, as extra fields). */
export const genericBodyFields: readonly string[] = ['name', 'amount', 'id', 'note', 'email', 'limit'];

/** Query parameter names tried on every GET route whose query schema is not known. */
export const genericQueryFields: readonly string[] = ['q', 'lang', 'status', 'productId', 'from', 'interval'];
