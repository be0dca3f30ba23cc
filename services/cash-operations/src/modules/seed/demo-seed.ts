/**
 * Demo wallets (PRODUCT.md, "Demo data"; never in production): ana.demo has EUR 12,500.00 (one SEPA credit),
 * USD 2,000.00 (two card deposits) and BTC 0.25 (two crypto deposits); leo.fresh has nothing; mia.delegate has
 * EUR 150.00. Every id is derived from a fixed name, so running the seed again changes nothing.
 *
 * Each movement is recorded as a deposit would be (issue #15): with its EUR value when seeded, so the 30-day deposit
 * limit counts it like any other deposit, and a crypto deposit says the confirmations the network requires
 * (CRYPTO_CONFIRMATIONS_REQUIRED), as settings do. A database seeded before this is brought up to it.
 */
import {
  type ActivityDetails,
  type ActivityKind,
  BANK_TENANT_ID,
  type CashAssetCode,
  DEMO_USER_IDS,
} from '@tessera/contracts';
import { amountFromDecimal } from '@tessera/money';
import { operationMetadata, recordOperation } from '../activity/activity.service.ts';
import { eurValueMinor } from '../limits/limits.service.ts';
import { CRYPTO_CONFIRMATIONS_REQUIRED } from '../rails/rails.ts';
import { cashAsset } from '../accounts/amounts.ts';
import { type BankAccountPurpose, bankAccountId, nameBasedUuid } from '../accounts/bank-accounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { LEDGER_CODES } from '../transfers/transfers.service.ts';
import {
  findCurrentWallet,
  findWalletById,
  insertWallet,
  nextIbanSequence,
} from '../wallets/wallets.repository.ts';
import { CHAIN_OF_ASSET, deriveDepositAddress, generateVirtualIban } from '@tessera/contracts';

interface DemoMovement {
  readonly name: string;
  readonly amount: string;
  readonly rail: BankAccountPurpose;
  readonly kind: ActivityKind;
  readonly counterparty: string;
  /**
   * The ledger transfer's description. A transfer seeded before keeps its first text (the ledger refuses a changed
   * body under the same id, so an existing transfer is not sent again). The activity shows `details` instead.
   */
  readonly ledgerDescription: string;
  readonly details: ActivityDetails;
}

interface DemoWallet {
  readonly userId: string;
  readonly asset: CashAssetCode;
  readonly name: string;
  readonly movements: readonly DemoMovement[];
}

const DEMO_WALLETS: readonly DemoWallet[] = [
  {
    userId: DEMO_USER_IDS.verifiedCustomer,
    asset: 'EUR',
    name: 'Euros',
    movements: [
      {
        name: 'sepa-1',
        amount: '12500.00',
        rail: 'sepa',
        kind: 'sepa_deposit',
        counterparty: 'Ana Demo · FR76 3000 6000 0112 3456 7890 189',
        ledgerDescription: 'SEPA transfer received',
        details: { type: 'sepa_deposit', sender: 'Ana Demo' },
      },
    ],
  },
  {
    userId: DEMO_USER_IDS.verifiedCustomer,
    asset: 'USD',
    name: 'Dollars',
    movements: [
      {
        name: 'card-1',
        amount: '1500.00',
        rail: 'card',
        kind: 'card_deposit',
        counterparty: 'Visa •••• 4242',
        ledgerDescription: 'Card deposit',
        details: { type: 'card_deposit', brand: 'Visa', last4: '4242' },
      },
      {
        name: 'card-2',
        amount: '500.00',
        rail: 'card',
        kind: 'card_deposit',
        counterparty: 'Visa •••• 4242',
        ledgerDescription: 'Card deposit',
        details: { type: 'card_deposit', brand: 'Visa', last4: '4242' },
      },
    ],
  },
  {
    userId: DEMO_USER_IDS.verifiedCustomer,
    asset: 'BTC',
    name: 'Bitcoin',
    movements: [
      {
        name: 'chain-1',
        amount: '0.15',
        rail: 'crypto',
        kind: 'crypto_deposit',
        counterparty: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        ledgerDescription: 'Bitcoin deposit',
        details: {
          type: 'crypto_deposit',
          chain: 'bitcoin',
          txHash: null,
          confirmations: CRYPTO_CONFIRMATIONS_REQUIRED.bitcoin,
        },
      },
      {
        name: 'chain-2',
        amount: '0.10',
        rail: 'crypto',
        kind: 'crypto_deposit',
        counterparty: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        ledgerDescription: 'Bitcoin deposit',
        details: {
          type: 'crypto_deposit',
          chain: 'bitcoin',
          txHash: null,
          confirmations: CRYPTO_CONFIRMATIONS_REQUIRED.bitcoin,
        },
      },
    ],
  },
  {
    userId: DEMO_USER_IDS.delegate,
    asset: 'EUR',
    name: 'Euros',
    movements: [
      {
        name: 'sepa-1',
        amount: '150.00',
        rail: 'sepa',
        kind: 'sepa_deposit',
        counterparty: 'Mia Delegate · DE89 3704 0044 0532 0130 00',
        ledgerDescription: 'SEPA transfer received',
        details: { type: 'sepa_deposit', sender: 'Mia Delegate' },
      },
    ],
  },
];

/** Seeds the demo wallets and their movements; a no-op when they exist. */
export async function seedDemoWallets(core: CashCore): Promise<void> {
  for (const demo of DEMO_WALLETS) {
    const walletId = await ensureDemoWallet(core, demo);
    for (const movement of demo.movements) {
      await seedMovement(core, demo, walletId, movement);
    }
  }
}

async function ensureDemoWallet(core: CashCore, demo: DemoWallet): Promise<string> {
  const id = nameBasedUuid(`tessera.demo.wallet:${demo.userId}:${demo.asset}`);
  if (await findWalletById(core.db, id)) {
    return id;
  }
  const existing = await findCurrentWallet(core.db, demo.userId, demo.asset);
  if (existing) {
    return existing.id;
  }
  const crypto = demo.asset === 'BTC' || demo.asset === 'ETH' || demo.asset === 'USDC';
  await insertWallet(core.db, {
    id,
    user_id: demo.userId,
    asset: demo.asset,
    kind: 'current',
    name: demo.name,
    iban: demo.asset === 'EUR' ? generateVirtualIban(await nextIbanSequence(core.db)) : null,
    deposit_chain: crypto ? CHAIN_OF_ASSET[demo.asset as 'BTC' | 'ETH' | 'USDC'] : null,
    deposit_address: crypto ? deriveDepositAddress(demo.asset as 'BTC' | 'ETH' | 'USDC', id) : null,
  });
  await core.ledger.createAccount(BANK_TENANT_ID, {
    id,
    ledger: demo.asset,
    ownerId: demo.userId,
    type: 'customer_wallet',
    flags: { debitsMustNotExceedCredits: true },
    metadata: { walletKind: 'current' },
  });
  return id;
}

async function seedMovement(
  core: CashCore,
  demo: DemoWallet,
  walletId: string,
  movement: DemoMovement,
): Promise<void> {
  const asset = cashAsset(demo.asset);
  const operationId = nameBasedUuid(`tessera.demo.operation:${walletId}:${movement.name}`);
  const amountMinor = amountFromDecimal(movement.amount, asset);
  const valueEurMinor = await eurValueMinor(core, asset.code, amountMinor);
  const { created } = await recordOperationOnce(core, {
    id: operationId,
    walletId,
    userId: demo.userId,
    kind: movement.kind,
    status: 'posted',
    asset: asset.code,
    amountMinor,
    valueEurMinor,
    limitCategory: 'deposit',
    counterparty: movement.counterparty,
    description: null,
    details: movement.details,
    transferIds: [operationId],
  });
  if (!created) {
    // Seeded before deposits were valued and confirmations had one source: bring the record up to date.
    await core.db
      .updateTable('operations')
      .set({ value_eur_minor: valueEurMinor.toString(), details: JSON.stringify(movement.details) })
      .where('id', '=', operationId)
      .where('wallet_id', '=', walletId)
      .where('value_eur_minor', '=', '0')
      .execute();
  }
  if (await ledgerHolds(core, operationId)) {
    return;
  }
  await core.ledger.createTransfer(BANK_TENANT_ID, {
    id: operationId,
    ledger: asset.code,
    debitAccountId: bankAccountId(asset.code, movement.rail),
    creditAccountId: walletId,
    amount: movement.amount,
    code: LEDGER_CODES.demoFunding,
    metadata: {
      ...operationMetadata(operationId, movement.kind, {
        description: movement.ledgerDescription,
        counterparty: movement.counterparty,
      }),
      rail: movement.rail,
      demo: 'true',
    },
  });
}

/** Records the operation; says whether it is new. */
async function recordOperationOnce(core: CashCore, input: Parameters<typeof recordOperation>[1]) {
  const before = await core.db
    .selectFrom('operations')
    .select('id')
    .where('id', '=', input.id)
    .where('wallet_id', '=', input.walletId)
    .executeTakeFirst();
  await recordOperation(core, input);
  return { created: before === undefined };
}

/** True when the ledger already holds the seeded transfer (a database seeded before). */
async function ledgerHolds(core: CashCore, transferId: string): Promise<boolean> {
  try {
    await core.ledger.getTransfer(BANK_TENANT_ID, transferId);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'LEDGER_TRANSFER_NOT_FOUND') {
      return false;
    }
    throw error;
  }
}
