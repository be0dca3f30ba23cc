/**
 * GET /crypto/networks and, in demo mode only, the chain simulators: POST /dev/crypto/incoming (a transaction to a
 * deposit address) and POST /dev/crypto/blocks (docs/api.md, "Cash operations: rails").
 */
import {
  produceBlocksRequestSchema,
  type SimulateCryptoDepositRequest,
  simulateCryptoDepositRequestSchema,
  validateCryptoAddress,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { cashAsset, parsePositiveAmount } from '../accounts/amounts.ts';
import { CryptoAssetUnsupportedError, InvalidCryptoAddressError } from '../rails/rails.errors.ts';
import type { RailRoutesOptions, RailsInstance } from '../rails/rails-routes-options.ts';
import { requireSimulatorAccess } from '../rails/rails.ts';
import {
  cryptoNetworksSchema,
  producedBlocksSchema,
  simulatedCryptoTransactionSchema,
} from './crypto.schemas.ts';
import { chainOf, listNetworks } from './crypto.service.ts';

export const cryptoRoutes: ServiceRoutes<RailRoutesOptions> = async (app, options) => {
  const { rails, crypto } = options.instance;
  requireSignIn(app, options.context.auth);
  app.get(
    '/crypto/networks',
    {
      schema: {
        summary: 'The chains, their assets, confirmations required and tips',
        response: { 200: cryptoNetworksSchema },
      },
    },
    async () => listNetworks(rails, crypto),
  );
  if (options.devRoutes) {
    await app.register(chainSimulatorRoutes, options);
  }
};

/** Sends a simulated transaction to a deposit address; answers the deposit it was seen as, if any. */
async function receiveSimulated({ rails, crypto }: RailsInstance, body: SimulateCryptoDepositRequest) {
  const chain = chainOf(body.asset);
  if (!chain) {
    throw new CryptoAssetUnsupportedError(undefined, { asset: body.asset });
  }
  const address = validateCryptoAddress(body.asset, body.address);
  if (!address.ok) {
    throw new InvalidCryptoAddressError(undefined, { problem: address.problem, asset: body.asset });
  }
  const amountMinor = parsePositiveAmount(body.amount, cashAsset(body.asset));
  const transaction = await crypto.chains.receive(chain, {
    asset: body.asset,
    address: address.value,
    amountMinor,
  });
  const deposit = await rails.db
    .selectFrom('crypto_deposits')
    .select('id')
    .where('chain', '=', chain)
    .where('tx_hash', '=', transaction.txHash)
    .executeTakeFirst();
  return { chain, txHash: transaction.txHash, depositId: deposit?.id ?? null };
}

/** POST /dev/crypto/incoming and POST /dev/crypto/blocks (demo mode). */
const chainSimulatorRoutes: ServiceRoutes<RailRoutesOptions> = async (app, { instance, settings }) => {
  // Before the body is validated: a caller the simulators are closed to learns nothing about the input.
  app.addHook('onRequest', async (request) => requireSimulatorAccess(settings, principalOf(request)));
  app.post(
    '/dev/crypto/incoming',
    {
      schema: {
        summary: 'Simulates a transaction to a deposit address (demo mode only)',
        body: simulateCryptoDepositRequestSchema,
        response: { 201: simulatedCryptoTransactionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await receiveSimulated(instance, request.body)),
  );
  app.post(
    '/dev/crypto/blocks',
    {
      schema: {
        summary: 'Produces blocks on a simulated chain (demo mode only)',
        body: produceBlocksRequestSchema,
        response: { 200: producedBlocksSchema },
      },
    },
    async (request) => {
      const { chain, count } = request.body;
      let tipHeight = 0;
      for (let produced = 0; produced < count; produced += 1) {
        tipHeight = await instance.crypto.chains.produceBlock(chain);
      }
      return { chain, tipHeight };
    },
  );
};
