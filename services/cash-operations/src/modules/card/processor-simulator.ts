/**
 * The payment-processor simulator: an outside party living in this process for development and demos. It has its
 * own schema (processor_sim) and its own routes (/processor-sim: the tokenisation endpoint the browser calls, as a
 * processor's hosted field would be, and the 3-D Secure challenge page). It never stores a card number either: a
 * token keeps the brand, last 4 digits, expiry and how the test card behaves.
 *
 * Test cards (any future expiry, any 3 or 4 digit CVC): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined (card_declined), 4000 0027 6000 3184 asks for 3-D Secure. Other numbers are refused at tokenisation
 * (PROCESSOR_CARD_NOT_A_TEST_CARD), so nobody can type a real card into a demo.
 */
import { randomBytes } from 'node:crypto';
import { type AnyKysely, defineError, type Migration } from '@tessera/platform';
import { type Kysely, sql } from 'kysely';
import type {
  AuthorisationRequest,
  PaymentProcessor,
  ProcessorCard,
  ProcessorPayment,
  ProcessorPaymentStatus,
} from './payment-processor.ts';

export const CardNumberInvalidError = defineError(
  'PROCESSOR_CARD_NUMBER_INVALID',
  400,
  'The card number is not valid.',
);
export const CardNotTestCardError = defineError(
  'PROCESSOR_CARD_NOT_A_TEST_CARD',
  400,
  'The simulator accepts its test cards only.',
);
export const CardExpiredError = defineError('PROCESSOR_CARD_EXPIRED', 400, 'The card has expired.');
export const CardCvcInvalidError = defineError(
  'PROCESSOR_CARD_CVC_INVALID',
  400,
  'The security code is not valid.',
);
export const ChallengeNotFoundError = defineError(
  'PROCESSOR_CHALLENGE_NOT_FOUND',
  404,
  'This 3-D Secure challenge does not exist or is already answered.',
);

type Behaviour = 'succeed' | 'decline' | 'challenge';

/** The test cards and how each behaves. */
export const SIMULATOR_TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000002760003184': 'challenge',
};

interface TokensTable {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: Behaviour;
  created_at: Date;
}

interface PaymentsTable {
  id: string;
  reference: string;
  token: string;
  amount: string;
  currency: string;
  status: ProcessorPaymentStatus;
  challenge_id: string | null;
  return_url: string;
  locale: 'en' | 'fr';
  decline_code: string | null;
  created_at: Date;
  updated_at: Date;
}

interface SimulatorTables {
  tokens: TokensTable;
  payments: PaymentsTable;
}

/** The simulator's schema (processor_sim). */
export const processorSimulatorMigration: Migration = {
  async up(db) {
    await sql`
      create table tokens (
        token text primary key,
        brand text not null,
        last4 text not null,
        exp_month integer not null,
        exp_year integer not null,
        behaviour text not null,
        created_at timestamptz not null
      );
      create table payments (
        id text primary key,
        reference text not null unique,
        token text not null references tokens (token),
        amount text not null,
        currency text not null,
        status text not null,
        challenge_id text unique,
        return_url text not null,
        locale text not null,
        decline_code text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
    `.execute(db);
  },
};

/** Luhn (ISO/IEC 7812) check of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) {
    return 'visa';
  }
  if (/^(5[1-5]|2[2-7])/.test(digits)) {
    return 'mastercard';
  }
  return /^3[47]/.test(digits) ? 'amex' : 'card';
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** The simulator: tokenisation, authorisation, capture, 3-D Secure. */
export class ProcessorSimulator implements PaymentProcessor {
  readonly name = 'processor-simulator';
  readonly #db: Kysely<SimulatorTables>;
  readonly #now: () => Date;
  readonly #listeners: Array<(payment: ProcessorPayment) => Promise<void>> = [];

  constructor(db: AnyKysely, now: () => Date = () => new Date()) {
    this.#db = db as Kysely<SimulatorTables>;
    this.#now = now;
  }

  /** The hosted field: card details in, a token out. Validates like a processor would. */
  async tokenize(input: { number: string; expMonth: number; expYear: number; cvc: string }) {
    const digits = input.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
      throw new CardNumberInvalidError();
    }
    const behaviour = SIMULATOR_TEST_CARDS[digits];
    if (behaviour === undefined) {
      throw new CardNotTestCardError(undefined, { testCards: Object.keys(SIMULATOR_TEST_CARDS) });
    }
    const now = this.#now();
    const expYear = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
    const endOfExpiry = Date.UTC(expYear, input.expMonth, 1);
    if (
      input.expMonth < 1 ||
      input.expMonth > 12 ||
      endOfExpiry <= now.getTime() ||
      expYear > now.getUTCFullYear() + 20
    ) {
      throw new CardExpiredError();
    }
    if (!/^\d{3,4}$/.test(input.cvc)) {
      throw new CardCvcInvalidError();
    }
    const row: TokensTable = {
      token: randomId('tok'),
      brand: brandOf(digits),
      last4: digits.slice(-4),
      exp_month: input.expMonth,
      exp_year: expYear,
      behaviour,
      created_at: now,
    };
    await this.#db.insertInto('tokens').values(row).execute();
    return { token: row.token, card: this.#cardOf(row) };
  }

  #cardOf(row: TokensTable): ProcessorCard {
    return { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year };
  }

  async #token(token: string): Promise<TokensTable | undefined> {
    return this.#db.selectFrom('tokens').selectAll().where('token', '=', token).executeTakeFirst();
  }

  async describeToken(token: string): Promise<ProcessorCard | null> {
    const row = await this.#token(token);
    return row ? this.#cardOf(row) : null;
  }

  async #view(row: PaymentsTable): Promise<ProcessorPayment> {
    const token = (await this.#token(row.token))!;
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      actionUrl:
        row.status === 'requires_action' && row.challenge_id
          ? `/processor-sim/3ds/${row.challenge_id}?lang=${row.locale}`
          : null,
      declineCode: row.decline_code,
      card: this.#cardOf(token),
    };
  }

  async authorize(request: AuthorisationRequest): Promise<ProcessorPayment> {
    const existing = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', request.reference)
      .executeTakeFirst();
    if (existing) {
      return this.#view(existing);
    }
    const token = await this.#token(request.token);
    if (!token) {
      throw new Error('Unknown card token.');
    }
    const now = this.#now();
    const status: ProcessorPaymentStatus =
      token.behaviour === 'succeed'
        ? 'authorised'
        : token.behaviour === 'decline'
          ? 'declined'
          : 'requires_action';
    const row: PaymentsTable = {
      id: randomId('pay'),
      reference: request.reference,
      token: token.token,
      amount: request.amount,
      currency: request.currency,
      status,
      challenge_id: status === 'requires_action' ? randomId('3ds') : null,
      return_url: request.returnUrl,
      locale: request.locale,
      decline_code: status === 'declined' ? 'card_declined' : null,
      created_at: now,
      updated_at: now,
    };
    const inserted = await this.#db
      .insertInto('payments')
      .values(row)
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ? this.#view(inserted) : this.authorize(request);
  }

  async #transition(
    paymentId: string,
    from: readonly ProcessorPaymentStatus[],
    to: ProcessorPaymentStatus,
  ): Promise<ProcessorPayment> {
    await this.#db
      .updateTable('payments')
      .set({ status: to, updated_at: this.#now() })
      .where('id', '=', paymentId)
      .where('status', 'in', [...from])
      .execute();
    const payment = await this.getPayment(paymentId);
    if (!payment) {
      throw new Error(`Unknown payment ${paymentId}.`);
    }
    return payment;
  }

  capture(paymentId: string): Promise<ProcessorPayment> {
    return this.#transition(paymentId, ['authorised'], 'captured');
  }

  cancel(paymentId: string): Promise<ProcessorPayment> {
    return this.#transition(paymentId, ['authorised', 'requires_action'], 'cancelled');
  }

  async getPayment(paymentId: string): Promise<ProcessorPayment | null> {
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
    return row ? this.#view(row) : null;
  }

  onPaymentUpdate(listener: (payment: ProcessorPayment) => Promise<void>): void {
    this.#listeners.push(listener);
  }

  /** The challenge page's facts, or null when there is no open challenge with this id. */
  async challenge(challengeId: string) {
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('status', '=', 'requires_action')
      .executeTakeFirst();
    if (!row) {
      return null;
    }
    const token = (await this.#token(row.token))!;
    return { amount: row.amount, currency: row.currency, card: this.#cardOf(token), locale: row.locale };
  }

  /**
   * The customer answered the challenge: authorised on approve, failed otherwise; the merchant hears it through
   * its webhook listener; resolves with where to send the customer back.
   */
  async completeChallenge(
    challengeId: string,
    approved: boolean,
  ): Promise<{ returnUrl: string; reference: string }> {
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .executeTakeFirst();
    if (!row) {
      throw new ChallengeNotFoundError();
    }
    const payment =
      row.status === 'requires_action'
        ? await this.#transition(row.id, ['requires_action'], approved ? 'authorised' : 'failed')
        : await this.#view(row);
    for (const listener of this.#listeners) {
      await listener(payment);
    }
    return { returnUrl: row.return_url, reference: row.reference };
  }
}
