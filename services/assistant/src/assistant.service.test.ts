/**
 * The assistant through its HTTP route: intents (out of domain included) in English and French, facts read for the
 * signed-in customer only, hostile input refused with documented codes, handover recorded with the transcript, and
 * the retention of conversations. The help centre is the real service (its search and articles); cash operations,
 * trading, user management and live assist are stand-ins offering the same in-process clients with two customers'
 * data, so a leak of the other customer's figures would show.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ASSISTANT_CONVERSATION_MESSAGES_MAX,
  type ActivityItem,
  type AssistantAnswer,
  type AssistHelpApi,
  type AssistHelpRequest,
  type CashOperationsApi,
  type CustomerProfile,
  type Order,
  type TradingApi,
  type UserManagementApi,
  type Wallet,
} from '@tessera/contracts';
import { defineService, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import { helpService } from '@tessera/service-help';
import { takeMessageAllowance } from './modules/limits/message-allowance.ts';
import { createAssistantService } from './service.ts';
import type { AssistantDatabase } from './tables.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const ALICE_SESSION = '33333333-3333-4333-8333-333333333333';
const BOB_SESSION = '44444444-4444-4444-8444-444444444444';
/** Customers of the rate-limit tests only, so the messages of the other tests do not count in their windows. */
const CAROL = '55555555-5555-4555-8555-555555555555';
const DAVE = '66666666-6666-4666-8666-666666666666';

function wallet(id: string, name: string, asset: 'EUR' | 'USD', available: string): Wallet {
  return {
    id,
    asset,
    assetKind: 'fiat',
    scale: 2,
    name,
    kind: 'current',
    status: 'open',
    iban: null,
    bic: null,
    depositAddress: null,
    balance: { available, posted: available, pendingIncoming: '0.00', pendingOutgoing: '0.00' },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const WALLETS: Record<string, Wallet[]> = {
  [ALICE]: [
    wallet('aaaaaaaa-0000-4000-8000-000000000001', 'Alice EUR', 'EUR', '1234.56'),
    wallet('aaaaaaaa-0000-4000-8000-000000000002', 'Alice USD', 'USD', '78.90'),
  ],
  [BOB]: [wallet('bbbbbbbb-0000-4000-8000-000000000001', 'Bob EUR', 'EUR', '99999.99')],
};

const ACTIVITY: Record<string, ActivityItem[]> = {
  [ALICE]: [
    {
      id: 'aaaaaaaa-1111-4000-8000-000000000001',
      walletId: WALLETS[ALICE]![0]!.id,
      kind: 'card_deposit',
      status: 'posted',
      amount: '250.00',
      asset: 'EUR',
      fee: null,
      counterparty: null,
      description: null,
      details: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      settledAt: '2026-11-20T10:00:01.000Z',
      pending: null,
    },
  ],
  [BOB]: [],
};

const ORDER_BASE = {
  clientOrderId: 'c',
  type: 'limit',
  timeInForce: 'DAY',
  notional: null,
  limitPrice: '100.00',
  stopPrice: null,
  trailAmount: null,
  trailPercent: null,
  remainingQuantity: '0',
  averagePrice: null,
  filledAmount: '0',
  fees: '0',
  currency: 'USD',
  reserved: '0',
  reason: null,
  expiresAt: null,
  updatedAt: '2026-11-21T10:00:00.000Z',
  fills: [],
} as const;

const ORDERS: Record<string, Order[]> = {
  [ALICE]: [
    {
      ...ORDER_BASE,
      id: 'o-alice',
      productId: 'AAPL_cboe',
      side: 'buy',
      status: 'filled',
      quantity: '3',
      filledQuantity: '3',
      createdAt: '2026-11-21T10:00:00.000Z',
    } as unknown as Order,
  ],
  [BOB]: [
    {
      ...ORDER_BASE,
      id: 'o-bob',
      productId: 'TSLA_cboe',
      side: 'sell',
      status: 'working',
      quantity: '7',
      filledQuantity: '0',
      createdAt: '2026-11-21T10:00:00.000Z',
    } as unknown as Order,
  ],
};

/** What the stand-ins were asked, to show the assistant only ever asks for the signed-in customer. */
const askedFor: string[] = [];
const helpRequests: AssistHelpRequest[] = [];

function standIn<Client>(name: string, client: Client): ServiceDefinition {
  return defineService({
    name,
    schema: `${name.replace('-', '_')}_stand_in`,
    prefix: `/stand-in/${name}`,
    migrations: {},
    plugin: async () => {},
    createClient: () => Promise.resolve(client),
  });
}

const cash: CashOperationsApi = {
  currentWallet: () => Promise.resolve(null),
  notifyWalletChanged: () => Promise.resolve(),
  listWallets(userId) {
    askedFor.push(userId);
    return Promise.resolve(WALLETS[userId] ?? []);
  },
  recentActivity(userId, limit) {
    askedFor.push(userId);
    return Promise.resolve((ACTIVITY[userId] ?? []).slice(0, limit));
  },
};
const trading: TradingApi = {
  openOrderCount: () => Promise.resolve(0),
  recentOrders(userId, limit) {
    askedFor.push(userId);
    return Promise.resolve((ORDERS[userId] ?? []).slice(0, limit));
  },
};
const customers: UserManagementApi = {
  getCustomer(userId): Promise<CustomerProfile> {
    askedFor.push(userId);
    return Promise.resolve(
      userId === ALICE
        ? { userId, kycLevel: 2, kycStatus: 'approved', referenceCurrency: 'EUR' }
        : { userId, kycLevel: 0, kycStatus: 'more_info_requested', referenceCurrency: 'EUR' },
    );
  },
};
/** Live assist's rule: only a live session of the same customer takes a request. */
const LIVE_SESSIONS = new Map([
  [ALICE_SESSION, ALICE],
  [BOB_SESSION, BOB],
]);
const assist: AssistHelpApi = {
  requestHelp(request) {
    if (LIVE_SESSIONS.get(request.sessionId) !== request.customerId) {
      return Promise.resolve('no_live_session');
    }
    helpRequests.push(request);
    return Promise.resolve('recorded');
  },
};

describeEachDatabase('assistant service', ({ createDatabase }) => {
  let app: FastifyInstance;
  let db: AssistantDatabase;
  let tokens: Record<string, string>;
  let clock = new Date('2026-11-27T09:00:00.000Z');

  beforeAll(async () => {
    const issuer = await createTestTokenIssuer();
    const database = await createDatabase();
    db = database.db.withSchema('assistant') as AssistantDatabase;
    ({ app } = await buildServiceTestApp({
      services: [
        helpService,
        standIn('cash-operations', cash),
        standIn('trading', trading),
        standIn('user-management', customers),
        standIn('assist', assist),
        createAssistantService({
          now: () => clock,
          settings: { retentionDays: 30, messagesPerMinute: 20, messagesPerDay: 200 },
        }),
      ],
      mount: ['help', 'assistant'],
      database,
      auth: issuer.verifier,
    }));
    tokens = {
      [ALICE]: await issuer.sign(ALICE),
      [BOB]: await issuer.sign(BOB),
      [CAROL]: await issuer.sign(CAROL),
      [DAVE]: await issuer.sign(DAVE),
    };
  }, 240_000);
  afterAll(async () => app.close());

  const send = async (userId: string, body: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/assistant/messages',
      headers: { authorization: `Bearer ${tokens[userId]}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      body: response.json<
        AssistantAnswer & { error?: { code: string; details?: Record<string, unknown> } }
      >(),
    };
  };

  it('answers a balance question with the own wallets only, each fact saying where it was read', async () => {
    askedFor.length = 0;
    const { status, body } = await send(ALICE, { text: 'What is my balance?', language: 'en' });
    expect(status).toBe(200);
    expect(body.intent).toBe('balances');
    expect(body.facts).toEqual([
      {
        label: 'Alice EUR: available',
        value: '1234.56',
        asset: 'EUR',
        source: 'Wallets · available balance',
      },
      { label: 'Alice USD: available', value: '78.90', asset: 'USD', source: 'Wallets · available balance' },
    ]);
    expect(body.links[0]).toEqual({ label: 'Open your wallets', path: '/dashboard/wallets/' });
    expect(JSON.stringify(body)).not.toContain('99999.99');
    expect(askedFor).toEqual([ALICE]);
  });

  it('answers in French, and reads orders, activity and verification for the signed-in customer', async () => {
    askedFor.length = 0;
    const balance = await send(BOB, { text: 'quel est mon solde', language: 'fr' });
    expect(balance.body.intent).toBe('balances');
    expect(balance.body.facts.map((fact) => [fact.label, fact.value])).toEqual([
      ['Bob EUR : disponible', '99999.99'],
    ]);
    const orders = await send(BOB, { text: 'mes derniers ordres', language: 'fr' });
    expect(orders.body.intent).toBe('order_status');
    expect(orders.body.facts).toEqual([
      {
        label: 'Vente TSLA_cboe, 2026-11-21',
        value: 'En cours : 0 sur 7 exécuté(s)',
        asset: null,
        source: 'Trading · ordres',
      },
    ]);
    const activity = await send(BOB, { text: 'mon activité récente', language: 'fr' });
    expect(activity.body.intent).toBe('recent_activity');
    expect(activity.body.facts).toEqual([]);
    expect(activity.body.text).toBe('Il n’y a encore aucune opération sur vos portefeuilles.');
    const kyc = await send(BOB, { text: 'statut de ma vérification d’identité', language: 'fr' });
    expect(kyc.body.intent).toBe('kyc_status');
    expect(kyc.body.facts.map((fact) => fact.value)).toEqual(['Informations complémentaires demandées', '0']);
    expect(new Set(askedFor)).toEqual(new Set([BOB]));
  });

  it('answers a how-to question from the help centre, citing the articles with their links', async () => {
    const { body } = await send(ALICE, { text: 'How do I withdraw money?', language: 'en' });
    expect(body.intent).toBe('how_to');
    expect(body.facts).toEqual([]);
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.citations[0]).toEqual({
      articleId: 401,
      title: 'How to withdraw money',
      link: '/help/article/4/withdrawals-and-transfers/401/how-to-withdraw-money/',
    });
    const french = await send(ALICE, { text: 'Comment déposer par virement SEPA ?', language: 'fr' });
    expect(french.body.intent).toBe('how_to');
    expect(french.body.citations.map((citation) => citation.articleId)).toContain(303);
    for (const citation of french.body.citations) {
      expect(citation.link).toMatch(/^\/help\/article\/\d+\/[a-z0-9-]+\/\d+\/[a-z0-9-]+\/\?lng=fr$/);
    }
  });

  it('says plainly when a question is out of its domain, with nothing read and nothing cited', async () => {
    askedFor.length = 0;
    for (const [text, language] of [
      ['what is the weather', 'en'],
      ['who won the football match', 'en'],
      ['quel temps fait-il', 'fr'],
      ['recette des crêpes', 'fr'],
    ] as const) {
      const { status, body } = await send(ALICE, { text, language });
      expect(status, text).toBe(200);
      expect(body.intent, text).toBe('out_of_domain');
      expect(body.facts).toEqual([]);
      expect(body.citations).toEqual([]);
    }
    expect(askedFor).toEqual([]);
  });

  it("refuses another customer's conversation as if it did not exist", async () => {
    const first = await send(ALICE, { text: 'What is my balance?', language: 'en' });
    const foreign = await send(BOB, {
      text: 'What is my balance?',
      language: 'en',
      conversationId: first.body.conversationId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('ASSISTANT_CONVERSATION_NOT_FOUND');
    const unknown = await send(ALICE, {
      text: 'hello',
      language: 'en',
      conversationId: '99999999-9999-4999-8999-999999999999',
    });
    expect(unknown.body.error?.code).toBe('ASSISTANT_CONVERSATION_NOT_FOUND');
  });

  it('refuses hostile input with VALIDATION_FAILED, and a caller without a token before reading it', async () => {
    for (const body of [
      { text: 'a\u0000b', language: 'en' },
      { text: 'lone \ud800 surrogate', language: 'en' },
      { text: 'x'.repeat(501), language: 'en' },
      { text: '   ', language: 'en' },
      { text: 42, language: 'en' },
      { text: ['balance'], language: 'en' },
      { text: 'balance', language: 'de' },
      { text: 'balance', language: 'en', conversationId: 'not-a-uuid' },
      { text: 'balance', language: 'en', trackerSessionId: 12 },
      { text: 'balance', language: 'en', userId: BOB },
      {},
      '{"text": "balance", "language": ',
    ]) {
      const { status, body: answer } = await send(ALICE, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/assistant/messages',
      payload: { text: 'What is my balance?', language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('hands a request for a person over to live assist with the intent and the transcript', async () => {
    helpRequests.length = 0;
    const first = await send(ALICE, { text: 'What is my balance?', language: 'en' });
    const { body } = await send(ALICE, {
      text: 'live agent',
      language: 'en',
      conversationId: first.body.conversationId,
      trackerSessionId: ALICE_SESSION,
    });
    expect(body.intent).toBe('handover');
    expect(body.handover?.status).toBe('requested');
    expect(body.handover?.passedOn?.intent).toBe('balances');
    expect(body.handover?.passedOn?.transcript.map((line) => [line.role, line.text])).toEqual([
      ['customer', 'What is my balance?'],
      ['assistant', first.body.text],
      ['customer', 'live agent'],
    ]);
    expect(helpRequests).toEqual([
      {
        sessionId: ALICE_SESSION,
        customerId: ALICE,
        language: 'en',
        intent: 'balances',
        transcript: body.handover?.passedOn?.transcript,
      },
    ]);
  });

  it("says how else to reach support when there is no live session, and never uses another's", async () => {
    helpRequests.length = 0;
    for (const trackerSessionId of [undefined, BOB_SESSION]) {
      const { body } = await send(ALICE, {
        text: 'parler à un conseiller',
        language: 'fr',
        ...(trackerSessionId ? { trackerSessionId } : {}),
      });
      expect(body.intent).toBe('handover');
      expect(body.handover).toEqual({ status: 'unavailable', passedOn: null });
      expect(body.citations.map((citation) => citation.articleId)).toEqual([1301]);
      expect(body.citations[0]?.link).toMatch(/\?lng=fr$/);
    }
    expect(helpRequests).toEqual([]);
  });

  it('refuses a full conversation, and forgets conversations past their retention', async () => {
    const { body } = await send(ALICE, { text: 'hello', language: 'en' });
    await db
      .updateTable('conversation')
      .set({ message_count: ASSISTANT_CONVERSATION_MESSAGES_MAX - 1 })
      .where('id', '=', body.conversationId)
      .execute();
    const full = await send(ALICE, { text: 'hello', language: 'en', conversationId: body.conversationId });
    expect(full.status).toBe(409);
    expect(full.body.error?.code).toBe('ASSISTANT_CONVERSATION_FULL');

    clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
    await send(BOB, { text: 'hello', language: 'en' });
    const left = await db.selectFrom('conversation').select(['user_id']).execute();
    expect(left.map((row) => row.user_id)).toEqual([BOB]);
    const messages = await db.selectFrom('message').select(['conversation_id']).execute();
    expect(messages).toHaveLength(2);
  });

  it('refuses the 21st message of a minute with ASSISTANT_RATE_LIMITED, reading and storing nothing', async () => {
    const rowsOf = async (userId: string) => {
      const conversations = await db
        .selectFrom('conversation')
        .where('user_id', '=', userId)
        .select(['id', 'message_count'])
        .execute();
      const messages = await db
        .selectFrom('message')
        .innerJoin('conversation', 'conversation.id', 'message.conversation_id')
        .where('conversation.user_id', '=', userId)
        .select('seq')
        .execute();
      return { conversations, messages: messages.length };
    };
    const start = clock;
    const first = await send(CAROL, { text: 'hello', language: 'en' });
    expect(first.status).toBe(200);
    clock = new Date(start.getTime() + 15_000);
    for (let sent = 2; sent <= 20; sent += 1) {
      const { status } = await send(CAROL, {
        text: 'hello',
        language: 'en',
        conversationId: first.body.conversationId,
      });
      expect(status, `message ${sent}`).toBe(200);
    }
    const before = await rowsOf(CAROL);
    expect(before.messages).toBe(40);

    askedFor.length = 0;
    for (const body of [
      { text: 'What is my balance?', language: 'en', conversationId: first.body.conversationId },
      { text: 'What is my balance?', language: 'en' },
      { text: 'parler à un conseiller', language: 'fr', trackerSessionId: ALICE_SESSION },
    ]) {
      const refused = await send(CAROL, body);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('ASSISTANT_RATE_LIMITED');
      // The minute opened with the first message, 15 s ago.
      expect(refused.retryAfter).toBe('45');
      expect(refused.body.error?.details?.['retryAfterSeconds']).toBe(45);
    }
    expect(askedFor).toEqual([]);
    expect(await rowsOf(CAROL)).toEqual(before);

    // Another customer is not affected.
    const other = await send(DAVE, { text: 'What is my balance?', language: 'en' });
    expect(other.status).toBe(200);
    expect(other.body.intent).toBe('balances');

    // The refused messages took no place: the day's window counts the 20 accepted only.
    const windows = await db
      .selectFrom('message_allowance')
      .where('user_id', '=', CAROL)
      .orderBy('period')
      .select(['period', 'count'])
      .execute();
    expect(windows).toEqual([
      { period: 'day', count: 20 },
      { period: 'minute', count: 20 },
    ]);

    // Once the minute is over, the customer is answered again, with a new minute of 20.
    clock = new Date(start.getTime() + 60_000);
    const again = await send(CAROL, { text: 'What is my balance?', language: 'en' });
    expect(again.status).toBe(200);
    expect(again.body.intent).toBe('balances');
    expect((await rowsOf(CAROL)).messages).toBe(42);
  });

  it('limits the day too, and says to wait for whichever window ends last', async () => {
    const limits = { perMinute: 3, perDay: 5 };
    const user = '77777777-7777-4777-8777-777777777777';
    const start = new Date('2026-12-01T08:00:00.000Z');
    const take = (at: Date) => takeMessageAllowance(db, user, limits, at);
    const refusal = async (at: Date) => {
      const error = await take(at).then(
        () => null,
        (failure: unknown) =>
          failure as { code: string; statusCode: number; details: Record<string, unknown> },
      );
      return (
        error && { code: error.code, status: error.statusCode, retry: error.details['retryAfterSeconds'] }
      );
    };
    for (let index = 0; index < 3; index += 1) {
      await take(start);
    }
    expect(await refusal(new Date(start.getTime() + 10_000))).toEqual({
      code: 'ASSISTANT_RATE_LIMITED',
      status: 429,
      retry: 50,
    });
    // The next minute takes two more, the day's last places.
    const nextMinute = new Date(start.getTime() + 60_000);
    await take(nextMinute);
    await take(nextMinute);
    // Both windows full: the day ends last, so that is when to ask again (24 h after the first message).
    expect(await refusal(new Date(nextMinute.getTime() + 1000))).toEqual({
      code: 'ASSISTANT_RATE_LIMITED',
      status: 429,
      retry: 24 * 3600 - 61,
    });
    // Day full, minute empty: still refused, and the refusal took no place in the minute.
    const later = new Date(start.getTime() + 3600_000);
    expect((await refusal(later))?.retry).toBe(23 * 3600);
    const minute = await db
      .selectFrom('message_allowance')
      .where('user_id', '=', user)
      .where('period', '=', 'minute')
      .select(['count', 'window_end'])
      .executeTakeFirstOrThrow();
    expect(minute).toEqual({ count: 2, window_end: new Date(nextMinute.getTime() + 60_000) });
    // After the day, a new day.
    expect(await refusal(new Date(start.getTime() + 24 * 3600_000))).toBeNull();
  });
});
