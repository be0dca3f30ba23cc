/**
 * Issue #21, tokenized assets (ERC-3643-style permissioned fund units), on both databases: a frozen holding cannot
 * move, neither by the holder's transfer nor by a ledger transfer sent directly, and a partial freeze leaves the
 * rest movable; pause stops transfers; the pre-check names every reason and the smallest change; the same key gives
 * the first answer; a distribution's shares sum to the amount less the documented remainder and land all or none;
 * hostile input is a 4xx; a non-issuer is refused the issuer routes; a customer sees only their own position.
 */
import {
  BANK_TENANT_ID,
  type CustomerDirectoryEntry,
  type FundDetail,
  type IdentityDirectoryApi,
  type TokenAuditEntry,
  type TokenDistribution,
  type TokenPosition,
  type TokenRegister,
  type TokenTransferCheck,
  tokenAuditResponseSchema,
  tokenDistributionSchema,
  tokenHolderSchema,
  tokenPauseStateSchema,
  tokenPositionSchema,
  tokenRegisterSchema,
  tokenTransferCheckSchema,
  tokenTransferSchema,
  uuidv7,
} from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseFixed } from '../fixed.ts';
import { holderAccountId } from '../fund-ledger.ts';
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from '../../test-support/investments-fixture.ts';
import { distributionShares } from './tokens.ts';

/** The identity directory as the identity service answers it: confirmed customers by e-mail, case ignored. */
class DirectoryDouble implements IdentityDirectoryApi {
  readonly byEmail = new Map<string, CustomerDirectoryEntry>();
  add(email: string, userId: string, displayName: string): void {
    this.byEmail.set(email.toLowerCase(), { userId, displayName });
  }
  async lookupCustomerByEmail(email: string) {
    return this.byEmail.get(email.trim().toLowerCase()) ?? null;
  }
  async getContact(userId: string) {
    for (const [email, entry] of this.byEmail) {
      if (entry.userId === userId) {
        return {
          userId,
          email,
          displayName: entry.displayName,
          locale: 'en',
          emailVerified: true,
          phoneVerified: false,
        };
      }
    }
    return null;
  }
}

const units = (text: string) => parseFixed(text, 6);
const cents = (text: string) => parseFixed(text, 2);

describeEachDatabase('tokenized assets: permissioned fund units', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  let database: Database;
  const directory = new DirectoryDouble();
  let issuer: Customer;
  let ana: Customer;
  let ben: Customer;
  let cleo: Customer;
  let fundId: string;
  let keyCounter = 0;
  const key = () => `token-key-${++keyCounter}-${Date.now()}`;

  const position = async (customer: Customer) => {
    const answer = await fixture.call(customer, 'GET', `/tokens/funds/${fundId}/position`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TokenPosition>();
  };
  const check = (customer: Customer, recipientEmail: string, amount: string) =>
    fixture.call(customer, 'POST', `/tokens/funds/${fundId}/transfers/check`, {
      recipientEmail,
      units: amount,
    });
  const transfer = (customer: Customer, recipientEmail: string, amount: string, idempotencyKey = key()) =>
    fixture.call(
      customer,
      'POST',
      `/tokens/funds/${fundId}/transfers`,
      { recipientEmail, units: amount },
      { 'idempotency-key': idempotencyKey },
    );
  const issuerCall = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    fixture.call(issuer, 'POST', `/tokens/funds/${fundId}${path}`, payload, headers);

  beforeAll(async () => {
    database = await createDatabase();
    fixture = await startInvestmentsFixture(database, { directory });
    fixture.venue.prices.set('SAP_xetra', '200.00');
    fixture.venue.prices.set('SIE_xetra', '150.00');
    issuer = await fixture.customer(2, '1000.00');
    ana = await fixture.customer(2, '1000.00');
    ben = await fixture.customer(2, '1000.00');
    cleo = await fixture.customer(1);
    directory.add('issuer@example.test', issuer.userId, 'Iris Issuer');
    directory.add('ana@example.test', ana.userId, 'Ana Holder');
    directory.add('ben@example.test', ben.userId, 'Ben Holder');
    directory.add('cleo@example.test', cleo.userId, 'Cleo Unverified');
    const created = await fixture.call(issuer, 'POST', '/funds', {
      name: 'Token fund',
      managementFeePercent: '0.00',
      components: [
        { productId: 'SAP_xetra', weight: '60' },
        { productId: 'SIE_xetra', weight: '40' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    fundId = created.json<FundDetail>().id;
    for (const [customer, amount] of [
      [ana, '500.00'],
      [ben, '300.00'],
    ] as const) {
      const invested = await fixture.call(
        customer,
        'POST',
        `/funds/${fundId}/invest`,
        { amount },
        { 'idempotency-key': key() },
      );
      expect(invested.json<{ status: string }>().status, invested.body).toBe('minted');
    }
    return () => fixture.app.close();
  }, 300_000);

  it('the pre-check names every reason a transfer fails and the smallest change that passes', async () => {
    const held = (await position(ana)).units;
    const tooMany = (units(held) + 1_000_000n).toString();
    const unknown = (await check(ana, 'nobody@example.test', '1')).json<TokenTransferCheck>();
    expect(unknown).toMatchObject({
      allowed: false,
      recipientName: null,
      reasons: [{ code: 'RECIPIENT_NOT_CUSTOMER', fix: { kind: 'otherRecipient' } }],
    });
    const answer = await check(ana, 'CLEO@example.test', `${tooMany.slice(0, -6)}.${tooMany.slice(-6)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const both = answer.json<TokenTransferCheck>();
    expect(both.allowed).toBe(false);
    expect(both.recipientName).toBe('Cleo Unverified');
    expect(both.reasons).toEqual([
      { code: 'RECIPIENT_NOT_VERIFIED', fix: { kind: 'recipientVerification', level: 2 } },
      expect.objectContaining({
        code: 'INSUFFICIENT_UNITS',
        held,
        fix: { kind: 'reduceUnits', units: held },
      }),
    ]);
    expect(both.suggestedUnits).toBe(held);
    const self = (await check(ana, 'ana@example.test', '1')).json<TokenTransferCheck>();
    expect(self.reasons.map((reason) => reason.code)).toEqual(['RECIPIENT_IS_SELF']);
    const fine = (await check(ana, 'ben@example.test', '1.5')).json<TokenTransferCheck>();
    expect(fine).toMatchObject({
      allowed: true,
      reasons: [],
      recipientName: 'Ben Holder',
      units: '1.500000',
    });
  });

  it('a partial freeze: the frozen units cannot move (the ledger refuses them too), the rest can', async () => {
    const before = await position(ana);
    const frozen = await issuerCall('/freeze', {
      holderId: ana.userId,
      units: '3',
      reason: 'Court order 12',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({
      holderId: ana.userId,
      frozenUnits: '3.000000',
      units: before.units,
    });
    const after = await position(ana);
    expect(after.frozenUnits).toBe('3.000000');
    expect(units(after.availableUnits)).toBe(units(before.units) - 3_000_000n);

    // The holder's transfer of everything: refused, with the smallest change that passes.
    const refused = await transfer(ana, 'ben@example.test', before.units);
    expect(refused.statusCode, refused.body).toBe(422);
    const details = refused.json<{ error: { code: string; details: TokenTransferCheck } }>().error;
    expect(details.code).toBe('TOKENS_TRANSFER_REFUSED');
    expect(details.details.reasons).toEqual([
      {
        code: 'UNITS_FROZEN',
        held: before.units,
        frozen: '3.000000',
        available: after.availableUnits,
        fix: { kind: 'reduceUnits', units: after.availableUnits },
      },
    ]);
    expect(details.details.suggestedUnits).toBe(after.availableUnits);

    // The ledger itself refuses to move the frozen units, whoever asks.
    const direct = await fixture.ledger.createTransfers(BANK_TENANT_ID, [
      {
        id: uuidv7(),
        ledger: (
          await fixture.runtime.core.db
            .selectFrom('funds')
            .select('units_ledger')
            .where('id', '=', fundId)
            .executeTakeFirstOrThrow()
        ).units_ledger,
        debitAccountId: holderAccountId(fundId, ana.userId),
        creditAccountId: holderAccountId(fundId, ben.userId),
        amount: before.units,
        code: 6010,
      },
    ]);
    expect(direct[0]!.status).toBe('rejected');

    // The free part moves; the same key answers the first transfer.
    const transferKey = key();
    const moved = await transfer(ana, 'ben@example.test', '2', transferKey);
    expect(moved.statusCode, moved.body).toBe(201);
    const again = await transfer(ana, 'ben@example.test', '2', transferKey);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(moved.json<{ id: string }>().id);
    const reused = await transfer(ana, 'ben@example.test', '3', transferKey);
    expect(reused.json<{ error: { code: string } }>().error.code).toBe('INVESTMENTS_IDEMPOTENCY_KEY_REUSED');
    expect((await position(ana)).units).toBe(formatUnits(units(before.units) - 2_000_000n));
    expect((await position(ana)).frozenUnits).toBe('3.000000');

    // Freeze the rest: nothing moves; unfreeze all: it moves again.
    expect((await issuerCall('/freeze', { holderId: ana.userId, units: 'all' })).statusCode).toBe(200);
    const none = (await check(ana, 'ben@example.test', '0.000001')).json<TokenTransferCheck>();
    expect(none.reasons).toEqual([
      expect.objectContaining({
        code: 'UNITS_FROZEN',
        available: '0.000000',
        fix: { kind: 'askIssuerToUnfreeze' },
      }),
    ]);
    expect((await issuerCall('/unfreeze', { holderId: ana.userId, units: '1' })).json()).toMatchObject({
      frozenUnits: formatUnits(units(before.units) - 3_000_000n),
    });
    const released = await issuerCall('/unfreeze', { holderId: ana.userId, units: 'all' });
    expect(released.json()).toMatchObject({ frozenUnits: '0.000000' });
    expect(
      (await issuerCall('/unfreeze', { holderId: ana.userId, units: '1' })).json<{
        error: { code: string };
      }>().error.code,
    ).toBe('TOKENS_NOTHING_FROZEN');
    expect((await check(ana, 'ben@example.test', '1')).json<TokenTransferCheck>().allowed).toBe(true);
  });

  it('a customer who only received units by transfer holds them: holdings, holders count, register', async () => {
    const dan = await fixture.customer(2);
    directory.add('dan@example.test', dan.userId, 'Dan Receiver');
    const before = (await fixture.call(dan, 'GET', `/funds/${fundId}`)).json<FundDetail>().holdersCount;
    expect((await transfer(ben, 'dan@example.test', '0.5')).statusCode).toBe(201);
    const holdings = (await fixture.call(dan, 'GET', '/holdings')).json<{
      items: Array<{ fundId: string; units: string; invested: string }>;
    }>().items;
    expect(holdings).toEqual([expect.objectContaining({ fundId, units: '0.500000', invested: '0.00' })]);
    expect((await fixture.call(dan, 'GET', `/funds/${fundId}`)).json<FundDetail>().holdersCount).toBe(
      before + 1,
    );
    // Dan moves them back: he no longer holds any, and no longer counts.
    expect((await transfer(dan, 'ben@example.test', '0.5')).statusCode).toBe(201);
    expect((await fixture.call(dan, 'GET', '/holdings')).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await fixture.call(dan, 'GET', `/funds/${fundId}`)).json<FundDetail>().holdersCount).toBe(before);
  });

  it('pause stops holders transfers until resumed', async () => {
    expect((await issuerCall('/pause', { reason: 'Corporate action' })).json()).toEqual({
      fundId,
      paused: true,
    });
    expect((await position(ben)).paused).toBe(true);
    const refused = await transfer(ben, 'ana@example.test', '1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: { details: TokenTransferCheck } }>().error.details.reasons).toEqual([
      { code: 'TRANSFERS_PAUSED', fix: { kind: 'waitForResume' } },
    ]);
    expect((await issuerCall('/resume', {})).json()).toEqual({ fundId, paused: false });
    expect((await transfer(ben, 'ana@example.test', '1')).statusCode).toBe(201);
  });

  it('a forced transfer takes frozen units when it must, shrinking the frozen part, and is audited', async () => {
    const ana0 = await position(ana);
    await issuerCall('/freeze', { holderId: ana.userId, units: 'all' });
    const forcedKey = key();
    const body = {
      fromHolderId: ana.userId,
      toHolderId: ben.userId,
      units: '1.25',
      reason: 'Estate settlement',
    };
    const forced = await issuerCall('/forced-transfers', body, { 'idempotency-key': forcedKey });
    expect(forced.statusCode, forced.body).toBe(201);
    expect((await issuerCall('/forced-transfers', body, { 'idempotency-key': forcedKey })).statusCode).toBe(
      200,
    );
    const ana1 = await position(ana);
    expect(ana1.units).toBe(formatUnits(units(ana0.units) - 1_250_000n));
    expect(ana1.frozenUnits).toBe(ana1.units);
    const noReason = await issuerCall(
      '/forced-transfers',
      { ...body, reason: '' },
      { 'idempotency-key': key() },
    );
    expect(noReason.statusCode).toBe(400);
    await issuerCall('/unfreeze', { holderId: ana.userId, units: 'all' });

    const auditAnswer = await fixture.call(issuer, 'GET', `/tokens/funds/${fundId}/audit`);
    const entries = auditAnswer.json<{ items: TokenAuditEntry[] }>().items;
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['freeze', 'unfreeze', 'pause', 'resume', 'forced_transfer']),
    );
    expect(entries.find((entry) => entry.action === 'forced_transfer')).toMatchObject({
      actorId: issuer.userId,
      actorRole: 'manager',
      holderId: ana.userId,
      units: '1.250000',
      reason: expect.stringContaining('Estate settlement'),
    });
    expect((await fixture.call(ana, 'GET', `/tokens/funds/${fundId}/audit`)).statusCode).toBe(403);
  });

  it('distributes cash pro rata: shares sum to the amount less the remainder, all or nothing', async () => {
    const preview = await issuerCall('/distributions/preview', { amount: '100.00' });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json<TokenDistribution>();
    const register = (
      await fixture.call(issuer, 'GET', `/tokens/funds/${fundId}/register`)
    ).json<TokenRegister>();
    const total = register.holders.reduce((sum, holder) => sum + units(holder.units), 0n);
    expect(plan.shares.map((share) => share.holderId).sort()).toEqual([ana.userId, ben.userId].sort());
    for (const share of plan.shares) {
      const holder = register.holders.find((line) => line.holderId === share.holderId)!;
      expect(cents(share.amount)).toBe((10_000n * units(holder.units)) / total);
    }
    const sum = plan.shares.reduce((acc, share) => acc + cents(share.amount), 0n);
    expect(cents(plan.distributed)).toBe(sum);
    expect(cents(plan.remainder)).toBe(10_000n - sum);
    expect(cents(plan.remainder) < BigInt(plan.shares.length)).toBe(true);

    // One leg fails (Ben's wallet is frozen): nothing lands, not Ana's share either.
    const issuerBefore = await fixture.walletBalance(issuer);
    const anaBefore = await fixture.walletBalance(ana);
    const benWallet = (await fixture.cash.currentWallet(ben.userId, 'EUR'))!;
    await fixture.ledger.freezeAccount(BANK_TENANT_ID, benWallet.accountId);
    const distributionKey = key();
    const failed = await issuerCall(
      '/distributions',
      { amount: '100.00' },
      { 'idempotency-key': distributionKey },
    );
    expect(failed.statusCode, failed.body).toBe(422);
    expect(failed.json<{ error: { code: string } }>().error.code).toBe('TOKENS_DISTRIBUTION_FAILED');
    expect(await fixture.walletBalance(issuer)).toBe(issuerBefore);
    expect(await fixture.walletBalance(ana)).toBe(anaBefore);
    await fixture.ledger.unfreezeAccount(BANK_TENANT_ID, benWallet.accountId);

    // The same key, once the wallet is open again: every leg lands.
    const benBefore = await fixture.walletBalance(ben);
    const done = await issuerCall(
      '/distributions',
      { amount: '100.00' },
      { 'idempotency-key': distributionKey },
    );
    expect(done.statusCode, done.body).toBe(201);
    const record = done.json<TokenDistribution>();
    expect(record).toMatchObject({
      status: 'done',
      distributed: plan.distributed,
      remainder: plan.remainder,
    });
    const share = (id: string) => cents(record.shares.find((line) => line.holderId === id)!.amount);
    expect(cents(await fixture.walletBalance(ana))).toBe(cents(anaBefore) + share(ana.userId));
    expect(cents(await fixture.walletBalance(ben))).toBe(cents(benBefore) + share(ben.userId));
    expect(cents(await fixture.walletBalance(issuer))).toBe(cents(issuerBefore) - cents(record.distributed));
    const repeated = await issuerCall(
      '/distributions',
      { amount: '100.00' },
      { 'idempotency-key': distributionKey },
    );
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json<TokenDistribution>().id).toBe(record.id);
    expect(cents(await fixture.walletBalance(issuer))).toBe(cents(issuerBefore) - cents(record.distributed));

    // The process died after the ledger took the batch and before the row was marked done: the retry resends the
    // same transfers from the account the row recorded, the ledger finds them, and nothing is paid twice.
    await sql`update investments.token_distributions set status = 'pending' where id = ${record.id}`.execute(
      database.db,
    );
    const afterCrash = await issuerCall(
      '/distributions',
      { amount: '100.00' },
      { 'idempotency-key': distributionKey },
    );
    expect(afterCrash.statusCode, afterCrash.body).toBe(201);
    expect(afterCrash.json<TokenDistribution>().id).toBe(record.id);
    expect(cents(await fixture.walletBalance(issuer))).toBe(cents(issuerBefore) - cents(record.distributed));
    expect(cents(await fixture.walletBalance(ana))).toBe(cents(anaBefore) + share(ana.userId));
  });

  it('cuts shares to the cent and keeps the issuer its own share and the remainder', () => {
    const { shares, distributed } = distributionShares(
      100n,
      [
        { holderId: 'a', name: 'A', micro: 1_000_000n },
        { holderId: 'b', name: 'B', micro: 1_000_000n },
        { holderId: 'issuer', name: 'I', micro: 1_000_000n },
      ],
      'issuer',
    );
    expect(shares.map((share) => share.amount)).toEqual(['0.33', '0.33']);
    expect(distributed).toBe(66n);
  });

  it('refuses non-issuers and hostile input with a 4xx; a customer sees only their own position', async () => {
    for (const [method, path, payload] of [
      ['GET', '/register', undefined],
      ['GET', '/register.csv', undefined],
      ['POST', '/freeze', { holderId: ben.userId, units: '1' }],
      ['POST', '/unfreeze', { holderId: ben.userId, units: '1' }],
      ['POST', '/pause', {}],
      ['POST', '/resume', {}],
      ['POST', '/distributions/preview', { amount: '10.00' }],
    ] as const) {
      const answer = await fixture.call(ana, method, `/tokens/funds/${fundId}${path}`, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json<{ error: { code: string } }>().error.code).toBe('TOKENS_NOT_ISSUER');
    }
    const forced = await fixture.call(
      ana,
      'POST',
      `/tokens/funds/${fundId}/forced-transfers`,
      { fromHolderId: ben.userId, toHolderId: ana.userId, units: '1', reason: 'mine now' },
      { 'idempotency-key': key() },
    );
    expect(forced.statusCode).toBe(403);
    const anaPosition = await position(ana);
    expect(anaPosition.isIssuer).toBe(false);
    expect((await position(issuer)).isIssuer).toBe(true);
    // Ana's answer is about Ana only: nothing in it names Ben or his units.
    expect(JSON.stringify(anaPosition)).not.toContain(ben.userId);

    const hostile: Array<[string, unknown, Record<string, string>]> = [
      ['/transfers/check', { recipientEmail: 'ben@example.test', units: '1e3' }, {}],
      ['/transfers/check', { recipientEmail: 'ben@example.test', units: '-1' }, {}],
      ['/transfers/check', { recipientEmail: 'ben@example.test', units: 1 }, {}],
      ['/transfers/check', { recipientEmail: 'ben@example.test', units: '0.0000001' }, {}],
      ['/transfers/check', { recipientEmail: 'x'.repeat(300), units: '1' }, {}],
      ['/transfers/check', { recipientEmail: 'ben@example.test\u0000', units: '1' }, {}],
      ['/transfers/check', { recipientEmail: 'ben@example.test', units: '1', extra: true }, {}],
      ['/transfers', { recipientEmail: 'ben@example.test', units: '1' }, {}],
      ['/transfers', { recipientEmail: 'ben@example.test', units: '1' }, { 'idempotency-key': 'short' }],
    ];
    for (const [path, payload, headers] of hostile) {
      const answer = await fixture.call(ana, 'POST', `/tokens/funds/${fundId}${path}`, payload, headers);
      expect(answer.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    const freezeTooMuch = await issuerCall('/freeze', { holderId: ben.userId, units: '100000' });
    expect(freezeTooMuch.json<{ error: { code: string } }>().error.code).toBe('TOKENS_INSUFFICIENT_UNITS');
    const notHolder = await issuerCall('/freeze', { holderId: cleo.userId, units: '1' });
    expect(notHolder.json<{ error: { code: string } }>().error.code).toBe('TOKENS_NOT_HOLDER');
    const badFund = await fixture.call(ana, 'GET', '/tokens/funds/not-a-fund/position');
    expect(badFund.statusCode).toBe(404);
    const unverified = (await check(cleo, 'ben@example.test', '1')).json<TokenTransferCheck>();
    // An unverified sender's check does not look the address up (it would tell who banks here).
    expect(unverified.recipientName).toBeNull();
    expect(unverified.reasons.map((reason) => reason.code)).toEqual([
      'SENDER_NOT_VERIFIED',
      'INSUFFICIENT_UNITS',
    ]);
  });

  it('exports the register as CSV for the issuer', async () => {
    const answer = await fixture.call(issuer, 'GET', `/tokens/funds/${fundId}/register.csv`);
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe('holder,holder_id,units,frozen_units,share_percent,since');
    expect(lines.length).toBe(3);
    expect(answer.body).toContain('"Ana Holder"');
  });

  it('answers what its API document says: each answer is its contract schema, field for field', async () => {
    const documented = (
      schema: z.ZodType,
      answer: { statusCode: number; body: string; json: <T>() => T },
      status = 200,
    ) => {
      expect(answer.statusCode, answer.body).toBe(status);
      const body = answer.json<unknown>();
      // Parsing drops the fields the schema does not name and refuses the ones it names otherwise: an equal result
      // means the answer has exactly the documented fields, of the documented types.
      expect(schema.parse(body), answer.body).toEqual(body);
    };
    const path = `/tokens/funds/${fundId}`;
    documented(tokenPositionSchema, await fixture.call(ana, 'GET', `${path}/position`));
    documented(tokenTransferCheckSchema, await check(ana, 'ben@example.test', '1'));
    documented(tokenTransferCheckSchema, await check(ana, 'CLEO@example.test', '100000'));
    documented(tokenTransferSchema, await transfer(ana, 'ben@example.test', '0.5'), 201);
    documented(tokenRegisterSchema, await fixture.call(issuer, 'GET', `${path}/register`));
    documented(tokenHolderSchema, await issuerCall('/freeze', { holderId: ana.userId, units: '1' }));
    documented(tokenHolderSchema, await issuerCall('/unfreeze', { holderId: ana.userId, units: 'all' }));
    documented(tokenPauseStateSchema, await issuerCall('/pause', {}));
    documented(tokenPauseStateSchema, await issuerCall('/resume', {}));
    const forced = { fromHolderId: ben.userId, toHolderId: ana.userId, units: '0.5', reason: 'Correction' };
    documented(
      tokenTransferSchema,
      await issuerCall('/forced-transfers', forced, { 'idempotency-key': key() }),
      201,
    );
    documented(tokenDistributionSchema, await issuerCall('/distributions/preview', { amount: '1.00' }));
    documented(
      tokenDistributionSchema,
      await issuerCall('/distributions', { amount: '1.00' }, { 'idempotency-key': key() }),
      201,
    );
    documented(tokenAuditResponseSchema, await fixture.call(issuer, 'GET', `${path}/audit`));
  });
});

function formatUnits(micro: bigint): string {
  const text = micro.toString().padStart(7, '0');
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
}
