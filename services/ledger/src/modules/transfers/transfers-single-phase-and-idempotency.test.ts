import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { LedgerService } from '../ledger/ledger-api.ts';
import {
  codeOf,
  freshTenant,
  fundedWallets,
  newId,
  openAccounts,
  openLedger,
  transfer,
} from '../../test-support/ledger-fixture.ts';

describeEachDatabase('ledger single-phase transfers and idempotency', ({ createDatabase }) => {
  let database: Database;
  let ledger: LedgerService;
  beforeAll(async () => {
    database = await createDatabase();
    ledger = await openLedger(database);
    return () => ledger.close();
  });

  it('moves money between accounts and keeps each side balance after the transfer', async () => {
    const tenantId = await freshTenant(ledger);
    const { bank, wallets } = await fundedWallets(ledger, tenantId, 2, '100.00');
    const [alice, bob] = wallets as [string, string];
    const result = await ledger.createTransfer(
      tenantId,
      transfer(alice, bob, '30.5', { metadata: { note: 'rent' } }),
    );
    expect(result.status).toBe('created');
    expect(result.value).toMatchObject({ amount: '30.50', sequence: '3', metadata: { note: 'rent' } });
    expect(result.value.debitAccountBalanceAfter).toMatchObject({
      debitsPosted: '30.50',
      available: '69.50',
    });
    expect(result.value.creditAccountBalanceAfter).toMatchObject({
      creditsPosted: '130.50',
      available: '130.50',
    });
    expect((await ledger.getAccount(tenantId, alice)).balance.available).toBe('69.50');
    expect((await ledger.getAccount(tenantId, bank)).balance.posted).toBe('-200.00');
    const verification = await ledger.verifyLedger(tenantId, 'EUR');
    expect(verification).toMatchObject({ ok: true, transfersChecked: 3, problems: [] });
    expect(verification.totals.debitsPosted).toBe(verification.totals.creditsPosted);
  });

  it('returns the first result for a retry with the same id and body, amounts compared as values', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const body = transfer(wallets[0]!, wallets[1]!, '1.5');
    const first = await ledger.createTransfer(tenantId, body);
    const retry = await ledger.createTransfer(tenantId, { ...body, amount: '1.50' });
    expect(retry.status).toBe('exists');
    expect(retry.value).toEqual(first.value);
    const [inBatch] = await ledger.createTransfers(tenantId, [body]);
    expect(inBatch).toEqual({ status: 'exists', value: first.value });
    expect((await ledger.getAccount(tenantId, wallets[0]!)).balance.available).toBe('8.50');
  });

  it('refuses the same id with another body and names the code', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const body = transfer(wallets[0]!, wallets[1]!, '1.00');
    await ledger.createTransfer(tenantId, body);
    for (const changed of [
      { amount: '2.00' },
      { code: 7 },
      { metadata: { a: 'b' } },
      { creditAccountId: wallets[0]!, debitAccountId: wallets[1]! },
    ]) {
      const [result] = await ledger.createTransfers(tenantId, [{ ...body, ...changed }]);
      expect(codeOf(result)).toBe('LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS');
    }
    await expect(ledger.createTransfer(tenantId, { ...body, amount: '3.00' })).rejects.toMatchObject({
      code: 'LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS',
      statusCode: 409,
    });
  });

  it('keeps a rejection as the first result: a retry after funding does not succeed later', async () => {
    const tenantId = await freshTenant(ledger);
    const { bank, wallets } = await fundedWallets(ledger, tenantId, 2, '5.00');
    const body = transfer(wallets[0]!, wallets[1]!, '8.00');
    const [first] = await ledger.createTransfers(tenantId, [body]);
    expect(first).toMatchObject({
      status: 'rejected',
      error: { code: 'LEDGER_INSUFFICIENT_FUNDS', details: { availableMinor: '500' } },
    });
    await ledger.createTransfer(tenantId, transfer(bank, wallets[0]!, '100.00'));
    const [retry] = await ledger.createTransfers(tenantId, [body]);
    expect(retry).toEqual(first);
    const [other] = await ledger.createTransfers(tenantId, [{ ...body, amount: '1.00' }]);
    expect(codeOf(other)).toBe('LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS');
  });

  it('rejects bad amounts with clear codes and changes nothing', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const before = await ledger.getLedger(tenantId, 'EUR');
    const cases: Array<[unknown, string, string | undefined]> = [
      ['-1.00', 'LEDGER_AMOUNT_INVALID', 'MONEY_NEGATIVE'],
      ['0', 'LEDGER_AMOUNT_INVALID', 'MONEY_NOT_POSITIVE'],
      ['0.00', 'LEDGER_AMOUNT_INVALID', 'MONEY_NOT_POSITIVE'],
      ['1.234', 'LEDGER_AMOUNT_INVALID', 'MONEY_TOO_MANY_DECIMALS'],
      ['abc', 'LEDGER_AMOUNT_INVALID', 'MONEY_INVALID_FORMAT'],
      ['1e3', 'LEDGER_AMOUNT_INVALID', 'MONEY_INVALID_FORMAT'],
      ['', 'LEDGER_AMOUNT_INVALID', 'MONEY_EMPTY'],
      ['1'.padEnd(40, '0'), 'LEDGER_AMOUNT_INVALID', 'MONEY_OVERFLOW'],
      [5, 'VALIDATION_FAILED', undefined],
      [null, 'VALIDATION_FAILED', undefined],
    ];
    const results = await ledger.createTransfers(
      tenantId,
      cases.map(([amount]) => ({ ...transfer(wallets[0]!, wallets[1]!, '1'), amount: amount as string })),
    );
    results.forEach((result, index) => {
      const [, code, reason] = cases[index]!;
      expect(codeOf(result), String(cases[index]![0])).toBe(code);
      if (reason && result.status === 'rejected') {
        expect(result.error.details['reason']).toBe(reason);
      }
    });
    expect(await ledger.getLedger(tenantId, 'EUR')).toEqual(before);
    expect((await ledger.getAccount(tenantId, wallets[0]!)).balance.available).toBe('10.00');
  });

  it('accepts 18 decimals on ETH and a balance near the 10^38 limit, and refuses to overflow it', async () => {
    const tenantId = await freshTenant(ledger, ['ETH']);
    const [issuer, holder] = await openAccounts(ledger, tenantId, 'ETH', 2, 'suspense');
    const huge = '99999999999999999999.999999999999999999'; // 10^38 - 1 wei
    const [ok] = await ledger.createTransfers(tenantId, [
      { ...transfer(issuer!, holder!, huge), ledger: 'ETH' },
    ]);
    expect(ok).toMatchObject({ status: 'created', value: { amount: huge } });
    const [over] = await ledger.createTransfers(tenantId, [
      { ...transfer(issuer!, holder!, '0.000000000000000001'), ledger: 'ETH' },
    ]);
    expect(codeOf(over)).toBe('LEDGER_BALANCE_OVERFLOW');
    expect((await ledger.verifyLedger(tenantId, 'ETH')).ok).toBe(true);
  });

  it('names unknown accounts, unknown ledgers and accounts of another ledger, and moves nothing', async () => {
    const tenantId = await freshTenant(ledger, ['EUR', 'USD']);
    const { wallets } = await fundedWallets(ledger, tenantId, 1, '10.00');
    const [usd] = await openAccounts(ledger, tenantId, 'USD', 1, 'suspense');
    const results = await ledger.createTransfers(tenantId, [
      transfer(newId(), wallets[0]!, '1'),
      transfer(wallets[0]!, newId(), '1'),
      transfer(wallets[0]!, usd!, '1'),
      { ...transfer(usd!, wallets[0]!, '1'), ledger: 'USD' },
      { ...transfer(wallets[0]!, usd!, '1'), ledger: 'GBP' },
    ]);
    expect(results.map(codeOf)).toEqual([
      'LEDGER_DEBIT_ACCOUNT_NOT_FOUND',
      'LEDGER_CREDIT_ACCOUNT_NOT_FOUND',
      'LEDGER_MISMATCH',
      'LEDGER_MISMATCH',
      'LEDGER_LEDGER_NOT_FOUND',
    ]);
    expect((await ledger.getAccount(tenantId, wallets[0]!)).balance.available).toBe('10.00');
    expect((await ledger.getLedger(tenantId, 'USD')).headSequence).toBe('0');
  });

  it('enforces both balance limits and lets an unlimited account go below zero', async () => {
    const tenantId = await freshTenant(ledger);
    const [wallet] = await openAccounts(ledger, tenantId, 'EUR', 1);
    const [capped] = await openAccounts(ledger, tenantId, 'EUR', 1, 'fund_pool', {
      flags: { creditsMustNotExceedDebits: true },
    });
    const [suspense] = await openAccounts(ledger, tenantId, 'EUR', 1, 'suspense');
    const results = await ledger.createTransfers(tenantId, [
      transfer(wallet!, suspense!, '0.01'),
      transfer(suspense!, capped!, '0.01'),
      transfer(capped!, suspense!, '5.00'),
      transfer(suspense!, capped!, '5.00'),
    ]);
    expect(results.map(codeOf)).toEqual([
      'LEDGER_INSUFFICIENT_FUNDS',
      'LEDGER_EXCEEDS_DEBITS',
      'created',
      'created',
    ]);
    expect((await ledger.getAccount(tenantId, suspense!)).balance.posted).toBe('0.00');
    expect((await ledger.getAccount(tenantId, capped!)).balance.posted).toBe('0.00');
  });

  it('gives the balance at a point in time and the history newest first, page by page', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const [alice, bob] = wallets as [string, string];
    const afterFunding = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const amount of ['1.00', '2.00', '3.00']) {
      await ledger.createTransfer(tenantId, transfer(alice, bob, amount));
    }
    expect((await ledger.getBalance(tenantId, alice, afterFunding)).available).toBe('10.00');
    expect((await ledger.getBalance(tenantId, alice, new Date(0))).available).toBe('0.00');
    expect((await ledger.getBalance(tenantId, alice)).available).toBe('4.00');
    const first = await ledger.listAccountHistory(tenantId, alice, { limit: 2 });
    expect(first.items.map((item) => item.amount)).toEqual(['3.00', '2.00']);
    const second = await ledger.listAccountHistory(tenantId, alice, { limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.amount)).toEqual(['1.00', '10.00']);
    expect(second.items[1]!.creditAccountBalanceAfter.available).toBe('10.00');
  });

  it('stores metadata with quotes, backslashes, braces and NULL-like text exactly, and hashes it', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const metadata = {
      quote: 'say "hi"',
      slash: 'a\\b\\',
      braces: '{1,2}',
      word: 'NULL',
      empty: '',
      emoji: 'café 🚀',
      comma: 'a, b',
    };
    const created = await ledger.createTransfer(
      tenantId,
      transfer(wallets[0]!, wallets[1]!, '1.00', { metadata }),
    );
    expect((await ledger.getTransfer(tenantId, created.value.id)).transfer.metadata).toEqual(metadata);
    expect((await ledger.verifyLedger(tenantId, 'EUR')).ok).toBe(true);
  });

  it('detects history rewritten in place: a changed amount breaks the chain, a changed balance is named', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const moved = await ledger.createTransfer(tenantId, transfer(wallets[0]!, wallets[1]!, '1.00'));
    await ledger.createTransfer(tenantId, transfer(wallets[0]!, wallets[1]!, '1.00'));
    await sql`update ledger.transfers set amount = 200 where tenant_id = ${tenantId} and id = ${moved.value.id}::uuid`.execute(
      database.db,
    );
    await sql`update ledger.accounts set credits_posted = credits_posted + 1 where tenant_id = ${tenantId} and id = ${wallets[1]!}::uuid`.execute(
      database.db,
    );
    const verification = await ledger.verifyLedger(tenantId, 'EUR');
    expect(verification.ok).toBe(false);
    expect(verification.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'hash_mismatch', sequence: moved.value.sequence }),
        expect.objectContaining({ kind: 'account_balance_mismatch', accountId: wallets[1] }),
      ]),
    );
  });
});
