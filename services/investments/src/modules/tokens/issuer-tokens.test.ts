/**
 * Issue #21, issuer tokens, on both databases: a verified customer issues a token (no basket, priced at par), mints
 * units to a verified customer, the holder transfers some, the issuer burns them back: the ledger moves exactly those
 * units; a frozen holding cannot be burnt beyond its free part; a non-issuer cannot mint or burn; the same key gives
 * the first answer; hostile input is a 4xx; invest, redeem and plans refuse a token; mint refuses a fund.
 */
import {
  BANK_TENANT_ID,
  type CustomerDirectoryEntry,
  type FundDetail,
  type IdentityDirectoryApi,
  type IssuerToken,
  issuerTokenSchema,
  type TokenAuditEntry,
  type TokenPosition,
  type TokenRegister,
  type TokenTransfer,
  tokenTransferSchema,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { parseFixed } from '../fixed.ts';
import { holderAccountId, issuanceAccountId } from '../fund-ledger.ts';
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from '../../test-support/investments-fixture.ts';

class DirectoryDouble implements IdentityDirectoryApi {
  readonly byEmail = new Map<string, CustomerDirectoryEntry>();
  add(email: string, userId: string, displayName: string): void {
    this.byEmail.set(email.toLowerCase(), { userId, displayName });
  }
  async lookupCustomerByEmail(email: string) {
    return this.byEmail.get(email.trim().toLowerCase()) ?? null;
  }
  async getContact() {
    return null;
  }
}

const units = (text: string) => parseFixed(text, 6);
interface Failure {
  readonly error: { readonly code: string; readonly details: Record<string, unknown> };
}
const codeOf = (answer: { json: <T>() => T }) => answer.json<Failure>().error.code;

describeEachDatabase('tokenized assets: issuer tokens, mint and burn', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  const directory = new DirectoryDouble();
  let issuer: Customer;
  let ana: Customer;
  let ben: Customer;
  let cleo: Customer;
  let tokenId: string;
  let keyCounter = 0;
  const key = () => `issuer-key-${++keyCounter}-${Date.now()}`;

  const position = async (customer: Customer) => {
    const answer = await fixture.call(customer, 'GET', `/tokens/funds/${tokenId}/position`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TokenPosition>();
  };
  const posted = async (accountId: string) =>
    units((await fixture.ledger.getAccount(BANK_TENANT_ID, accountId)).balance.posted);
  const mint = (who: Customer, body: unknown, idempotencyKey = key(), fundId = tokenId) =>
    fixture.call(who, 'POST', `/tokens/funds/${fundId}/mint`, body, { 'idempotency-key': idempotencyKey });
  const burn = (who: Customer, body: unknown, idempotencyKey = key()) =>
    fixture.call(who, 'POST', `/tokens/funds/${tokenId}/burn`, body, { 'idempotency-key': idempotencyKey });

  beforeAll(async () => {
    fixture = await startInvestmentsFixture(await createDatabase(), { directory });
    fixture.venue.prices.set('SAP_xetra', '200.00');
    issuer = await fixture.customer(2, '1000.00');
    ana = await fixture.customer(2, '1000.00');
    ben = await fixture.customer(2, '1000.00');
    cleo = await fixture.customer(1);
    directory.add('ana@example.test', ana.userId, 'Ana Holder');
    directory.add('ben@example.test', ben.userId, 'Ben Holder');
    directory.add('cleo@example.test', cleo.userId, 'Cleo Unverified');
    const created = await fixture.call(issuer, 'POST', '/tokens/issued', {
      name: 'Bakery shares',
      symbol: 'bake1',
      parValue: '2.50',
      description: 'Shares of the corner bakery',
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<IssuerToken>();
    expect(token).toMatchObject({ symbol: 'BAKE1', parValue: '2.50', currency: 'EUR' });
    // The answer is its documented schema, field for field (parsing would drop a field the schema does not name).
    expect(issuerTokenSchema.parse(token)).toEqual(token);
    tokenId = token.id;
    return () => fixture.app.close();
  }, 300_000);

  it('a token is a fund row without a basket, priced at its par value', async () => {
    const detail = await fixture.call(issuer, 'GET', `/funds/${tokenId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const fund = detail.json<FundDetail>();
    expect(fund.token).toEqual({ symbol: 'BAKE1', parValue: '2.50' });
    expect(fund.components).toEqual([]);
    expect(parseFixed(fund.nav, 6)).toBe(2_500_000n);
    expect((await position(issuer)).token).toEqual({ symbol: 'BAKE1', parValue: '2.50' });
  });

  it('mint, transfer, burn move exactly the units, each once, and are audited', async () => {
    const mintKey = key();
    const minted = await mint(
      issuer,
      { recipientEmail: 'ANA@example.test', units: '100', reason: 'Founding round' },
      mintKey,
    );
    expect(minted.statusCode, minted.body).toBe(201);
    expect(minted.json<TokenTransfer>()).toMatchObject({ kind: 'mint', units: '100.000000' });
    expect(tokenTransferSchema.parse(minted.json())).toEqual(minted.json());
    const again = await mint(
      issuer,
      { recipientEmail: 'ANA@example.test', units: '100', reason: 'Founding round' },
      mintKey,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TokenTransfer>().id).toBe(minted.json<TokenTransfer>().id);
    expect(await posted(holderAccountId(tokenId, ana.userId))).toBe(100_000_000n);
    expect(await posted(issuanceAccountId(tokenId))).toBe(-100_000_000n);

    const moved = await fixture.call(
      ana,
      'POST',
      `/tokens/funds/${tokenId}/transfers`,
      { recipientEmail: 'ben@example.test', units: '30' },
      { 'idempotency-key': key() },
    );
    expect(moved.statusCode, moved.body).toBe(201);

    const burnKey = key();
    const burnt = await burn(issuer, { holderId: ben.userId, units: '10.5', reason: 'Buy-back' }, burnKey);
    expect(burnt.statusCode, burnt.body).toBe(201);
    expect(burnt.json<TokenTransfer>()).toMatchObject({ kind: 'burn', recipientName: expect.any(String) });
    expect(tokenTransferSchema.parse(burnt.json())).toEqual(burnt.json());
    const burntAgain = await burn(
      issuer,
      { holderId: ben.userId, units: '10.5', reason: 'Buy-back' },
      burnKey,
    );
    expect(burntAgain.statusCode, burntAgain.body).toBe(200);
    const reused = await burn(issuer, { holderId: ben.userId, units: '1', reason: 'Buy-back' }, burnKey);
    expect(reused.statusCode, reused.body).toBe(409);

    expect((await position(ana)).units).toBe('70.000000');
    expect((await position(ben)).units).toBe('19.500000');
    expect(await posted(issuanceAccountId(tokenId))).toBe(-89_500_000n);
    const register = await fixture.call(issuer, 'GET', `/tokens/funds/${tokenId}/register`);
    expect(register.json<TokenRegister>().unitsOutstanding).toBe('89.500000');

    const audit = await fixture.call(issuer, 'GET', `/tokens/funds/${tokenId}/audit`);
    const actions = audit.json<{ items: TokenAuditEntry[] }>().items.map((entry) => entry.action);
    expect(actions.filter((action) => action === 'mint')).toHaveLength(1);
    expect(actions.filter((action) => action === 'burn')).toHaveLength(1);
  });

  it('frozen units cannot be burnt: only the free part, until the issuer unfreezes', async () => {
    const frozen = await fixture.call(issuer, 'POST', `/tokens/funds/${tokenId}/freeze`, {
      holderId: ana.userId,
      units: '60',
      reason: 'Court order',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const tooMany = await burn(issuer, { holderId: ana.userId, units: '10.000001', reason: 'Buy-back' });
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    expect(tooMany.json<Failure>().error).toMatchObject({
      code: 'TOKENS_INSUFFICIENT_UNITS',
      details: { available: '10.000000', frozen: '60.000000' },
    });
    expect(await posted(holderAccountId(tokenId, ana.userId))).toBe(70_000_000n);
    const free = await burn(issuer, { holderId: ana.userId, units: '10', reason: 'Buy-back' });
    expect(free.statusCode, free.body).toBe(201);
    const unfrozen = await fixture.call(issuer, 'POST', `/tokens/funds/${tokenId}/unfreeze`, {
      holderId: ana.userId,
      units: '20',
    });
    expect(unfrozen.statusCode, unfrozen.body).toBe(200);
    const afterUnfreeze = await burn(issuer, { holderId: ana.userId, units: '20', reason: 'Buy-back' });
    expect(afterUnfreeze.statusCode, afterUnfreeze.body).toBe(201);
    expect(await position(ana)).toMatchObject({ units: '40.000000', frozenUnits: '40.000000' });
  });

  it('only the issuer mints and burns; the recipient must be a verified customer', async () => {
    const byHolder = await mint(ana, { recipientEmail: 'ben@example.test', units: '5', reason: 'Myself' });
    expect(byHolder.statusCode, byHolder.body).toBe(403);
    expect(codeOf(byHolder)).toBe('TOKENS_NOT_ISSUER');
    const burnByHolder = await burn(ben, { holderId: ana.userId, units: '1', reason: 'Not mine' });
    expect(burnByHolder.statusCode, burnByHolder.body).toBe(403);
    const unverified = await mint(issuer, {
      recipientEmail: 'cleo@example.test',
      units: '5',
      reason: 'Gift',
    });
    expect(unverified.statusCode, unverified.body).toBe(422);
    expect(unverified.json<Failure>().error).toMatchObject({
      code: 'TOKENS_TRANSFER_REFUSED',
      details: { reasons: [{ code: 'RECIPIENT_NOT_VERIFIED' }] },
    });
    const unknown = await mint(issuer, { recipientEmail: 'nobody@example.test', units: '5', reason: 'Gift' });
    expect(unknown.json<Failure>().error.details).toMatchObject({
      reasons: [{ code: 'RECIPIENT_NOT_CUSTOMER' }],
    });
    const notHolder = await burn(issuer, { holderId: cleo.userId, units: '1', reason: 'Nothing held' });
    expect(notHolder.statusCode, notHolder.body).toBe(404);
  });

  it('a token cannot be invested in, redeemed or planned; a fund cannot be minted', async () => {
    const invest = await fixture.call(
      ana,
      'POST',
      `/funds/${tokenId}/invest`,
      { amount: '50.00' },
      { 'idempotency-key': key() },
    );
    expect(invest.statusCode, invest.body).toBe(422);
    expect(codeOf(invest)).toBe('TOKENS_NOT_INVESTABLE');
    const redeem = await fixture.call(
      ana,
      'POST',
      `/funds/${tokenId}/redeem`,
      { units: '1' },
      { 'idempotency-key': key() },
    );
    expect(codeOf(redeem)).toBe('TOKENS_NOT_INVESTABLE');
    const fund = await fixture.call(issuer, 'POST', '/funds', {
      name: 'A real fund',
      managementFeePercent: '0.00',
      components: [{ productId: 'SAP_xetra', weight: '100' }],
    });
    expect(fund.statusCode, fund.body).toBe(201);
    const fundMint = await mint(
      issuer,
      { recipientEmail: 'ana@example.test', units: '5', reason: 'Free units' },
      key(),
      fund.json<FundDetail>().id,
    );
    expect(fundMint.statusCode, fundMint.body).toBe(422);
    expect(codeOf(fundMint)).toBe('TOKENS_NOT_A_TOKEN');
  });

  it('hostile input is a documented 4xx, never a 500', async () => {
    const bodies: unknown[] = [
      { name: 'X', symbol: 'AB', parValue: '1' },
      { name: 'Valid', symbol: 'a b', parValue: '1' },
      { name: 'Valid', symbol: 'TOOLONGSYM', parValue: '1' },
      { name: 'Valid', symbol: 'AB', parValue: '-1' },
      { name: 'Valid', symbol: 'AB', parValue: '1e3' },
      { name: 'Valid', symbol: 'AB', parValue: '1', components: [] },
    ];
    for (const body of bodies) {
      const answer = await fixture.call(issuer, 'POST', '/tokens/issued', body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const notVerified = await fixture.call(cleo, 'POST', '/tokens/issued', {
      name: 'Valid',
      symbol: 'AB',
      parValue: '1',
    });
    expect(notVerified.statusCode, notVerified.body).toBe(403);
    for (const body of [
      { recipientEmail: 'ana@example.test', units: '0', reason: 'Zero' },
      { recipientEmail: 'ana@example.test', units: '1' },
      { recipientEmail: 'not-an-email', units: '1', reason: 'Bad' },
      { recipientEmail: 'ana@example.test', units: '1.0000001', reason: 'Too fine' },
    ]) {
      const answer = await mint(issuer, body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const noKey = await fixture.call(issuer, 'POST', `/tokens/funds/${tokenId}/mint`, {
      recipientEmail: 'ana@example.test',
      units: '1',
      reason: 'No key',
    });
    expect(noKey.statusCode, noKey.body).toBe(400);
    const badId = await burn(issuer, { holderId: '../../etc', units: '1', reason: 'Path' });
    expect(badId.statusCode, badId.body).toBe(400);
  });
});
