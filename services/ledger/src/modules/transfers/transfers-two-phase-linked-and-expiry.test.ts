import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { createLedgerApi, expiryIdOf, type LedgerService } from '../ledger/ledger-api.ts';
import {
  codeOf,
  freshTenant,
  fundedWallets,
  newId,
  openAccounts,
  openLedger,
  transfer,
} from '../../test-support/ledger-fixture.ts';

describeEachDatabase('ledger two-phase transfers, linked chains and expiry', ({ createDatabase }) => {
  let database: Database;
  let ledger: LedgerService;
  let clockMs = Date.now();
  beforeAll(async () => {
    database = await createDatabase();
    ledger = await openLedger(database, { now: () => clockMs });
    return () => ledger.close();
  });

  const post = (pendingId: string, extra: Record<string, unknown> = {}) => ({
    id: newId(),
    ledger: 'EUR',
    pendingId,
    flags: { postPendingTransfer: true },
    ...extra,
  });
  const voidOf = (pendingId: string, extra: Record<string, unknown> = {}) => ({
    id: newId(),
    ledger: 'EUR',
    pendingId,
    flags: { voidPendingTransfer: true },
    ...extra,
  });

  it('reserves with a pending transfer, posts part of it and releases the rest (help article 1002)', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '100.00');
    const [customer, shop] = wallets as [string, string];
    const pending = transfer(customer, shop, '80.00', {
      flags: { pending: true },
      timeoutSeconds: 7 * 86_400,
    });
    await ledger.createTransfer(tenantId, pending);
    expect((await ledger.getAccount(tenantId, customer)).balance).toMatchObject({
      available: '20.00',
      posted: '100.00',
      debitsPending: '80.00',
    });
    expect((await ledger.getTransfer(tenantId, pending.id)).pendingStatus).toBe('pending');
    expect((await ledger.listPendingTransfers(tenantId, customer)).map((view) => view.transfer.id)).toEqual([
      pending.id,
    ]);
    const posted = await ledger.createTransfer(tenantId, post(pending.id, { amount: '65.00' }));
    expect(posted.value).toMatchObject({
      amount: '65.00',
      debitAccountId: customer,
      creditAccountId: shop,
      code: 1,
    });
    expect((await ledger.getAccount(tenantId, customer)).balance).toMatchObject({
      available: '35.00',
      debitsPending: '0.00',
    });
    expect((await ledger.getTransfer(tenantId, pending.id)).pendingStatus).toBe('posted');
    expect(await ledger.listPendingTransfers(tenantId, customer)).toEqual([]);
    const again = await ledger.createTransfers(tenantId, [post(pending.id), voidOf(pending.id)]);
    expect(again.map(codeOf)).toEqual([
      'LEDGER_PENDING_TRANSFER_ALREADY_POSTED',
      'LEDGER_PENDING_TRANSFER_ALREADY_POSTED',
    ]);
    expect((await ledger.verifyLedger(tenantId, 'EUR')).ok).toBe(true);
  });

  it('names every rule a post or void can break', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '100.00');
    const [a, b] = wallets as [string, string];
    const pending = transfer(a, b, '10.00', { flags: { pending: true } });
    const single = transfer(a, b, '1.00');
    await ledger.createTransfers(tenantId, [pending, single]);
    const results = await ledger.createTransfers(tenantId, [
      post(newId()),
      post(single.id),
      post(pending.id, { amount: '10.01' }),
      voidOf(pending.id, { amount: '5.00' }),
      post(pending.id, { debitAccountId: b }),
      post(pending.id, { code: 9 }),
      { ...post(pending.id), ledger: 'USD' },
      voidOf(pending.id),
      post(pending.id),
    ]);
    expect(results.map(codeOf)).toEqual([
      'LEDGER_PENDING_TRANSFER_NOT_FOUND',
      'LEDGER_PENDING_TRANSFER_NOT_PENDING',
      'LEDGER_EXCEEDS_PENDING_TRANSFER_AMOUNT',
      'LEDGER_PENDING_TRANSFER_HAS_DIFFERENT_AMOUNT',
      'LEDGER_PENDING_TRANSFER_MISMATCH',
      'LEDGER_PENDING_TRANSFER_MISMATCH',
      'LEDGER_LEDGER_NOT_FOUND',
      'created',
      'LEDGER_PENDING_TRANSFER_ALREADY_VOIDED',
    ]);
    expect((await ledger.getAccount(tenantId, a)).balance).toMatchObject({
      available: '99.00',
      debitsPending: '0.00',
    });
  });

  it('expires a pending transfer after its timeout, in the chain, once, even if the sweep runs again', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '50.00');
    const pending = transfer(wallets[0]!, wallets[1]!, '50.00', {
      flags: { pending: true },
      timeoutSeconds: 30,
    });
    await ledger.createTransfer(tenantId, pending);
    expect((await ledger.getAccount(tenantId, wallets[0]!)).balance.available).toBe('0.00');
    clockMs += 31_000;
    const [late] = await ledger.createTransfers(tenantId, [post(pending.id)]);
    expect(codeOf(late)).toBe('LEDGER_PENDING_TRANSFER_EXPIRED');
    expect(await ledger.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await ledger.expireDue()).toBe(0);
    const expiry = await ledger.getTransfer(tenantId, expiryIdOf(pending.id));
    expect(expiry.transfer.flags).toMatchObject({ voidPendingTransfer: true, expiredPendingTransfer: true });
    expect(expiry.transfer.amount).toBe('50.00');
    expect((await ledger.getTransfer(tenantId, pending.id)).pendingStatus).toBe('expired');
    expect((await ledger.getAccount(tenantId, wallets[0]!)).balance.available).toBe('50.00');
    expect((await ledger.verifyLedger(tenantId, 'EUR')).ok).toBe(true);
  });

  it('expires after a restart: the pending index is in the database, not in the process', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '5.00');
    const pending = transfer(wallets[0]!, wallets[1]!, '5.00', {
      flags: { pending: true },
      timeoutSeconds: 60,
    });
    const before = createLedgerApi(database.db.withSchema('ledger'), { now: () => clockMs });
    await before.createTransfer(tenantId, pending);
    await before.close();
    clockMs += 61_000;
    const after = createLedgerApi(database.db.withSchema('ledger'), { now: () => clockMs });
    expect(await after.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await after.getTransfer(tenantId, pending.id)).pendingStatus).toBe('expired');
    expect((await after.getAccount(tenantId, wallets[0]!)).balance.available).toBe('5.00');
    await after.close();
  });

  it('commits a linked chain all or nothing and names the transfer that failed', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const [fees] = await openAccounts(ledger, tenantId, 'EUR', 1, 'fees');
    const [a, b] = wallets as [string, string];
    const linked = { flags: { linked: true } };
    const failing = await ledger.createTransfers(tenantId, [
      transfer(a, b, '9.00', linked),
      transfer(a, fees!, '2.00'),
      transfer(a, b, '1.00'),
    ]);
    expect(failing.map(codeOf)).toEqual([
      'LEDGER_LINKED_EVENT_FAILED',
      'LEDGER_INSUFFICIENT_FUNDS',
      'created',
    ]);
    expect((await ledger.getAccount(tenantId, a)).balance.available).toBe('9.00');
    const open = await ledger.createTransfers(tenantId, [
      transfer(a, b, '1.00', linked),
      transfer(a, fees!, '1.00', linked),
    ]);
    expect(open.map(codeOf)).toEqual(['LEDGER_LINKED_EVENT_FAILED', 'LEDGER_LINKED_EVENT_CHAIN_OPEN']);
    const payment = await ledger.createTransfers(tenantId, [
      transfer(a, b, '8.00', linked),
      transfer(a, fees!, '1.00'),
    ]);
    expect(payment.map(codeOf)).toEqual(['created', 'created']);
    expect((await ledger.getAccount(tenantId, a)).balance.available).toBe('0.00');
    expect((await ledger.verifyLedger(tenantId, 'EUR')).ok).toBe(true);
  });

  it('settles an FX conversion as one linked chain across two ledgers', async () => {
    const tenantId = await freshTenant(ledger, ['EUR', 'USD']);
    const { wallets } = await fundedWallets(ledger, tenantId, 1, '100.00');
    const [eurLiquidity] = await openAccounts(ledger, tenantId, 'EUR', 1, 'fx_liquidity');
    const [usdLiquidity] = await openAccounts(ledger, tenantId, 'USD', 1, 'fx_liquidity');
    const [usdWallet] = await openAccounts(ledger, tenantId, 'USD', 1);
    const legs = (eur: string, usd: string) => [
      transfer(wallets[0]!, eurLiquidity!, eur, { flags: { linked: true } }),
      { ...transfer(usdLiquidity!, usdWallet!, usd), ledger: 'USD' },
    ];
    const [tooMuch, usdLeg] = await ledger.createTransfers(tenantId, legs('100.01', '108.00'));
    expect([codeOf(tooMuch), codeOf(usdLeg)]).toEqual([
      'LEDGER_INSUFFICIENT_FUNDS',
      'LEDGER_LINKED_EVENT_FAILED',
    ]);
    expect((await ledger.createTransfers(tenantId, legs('100.00', '108.00'))).map(codeOf)).toEqual([
      'created',
      'created',
    ]);
    expect((await ledger.getAccount(tenantId, usdWallet!)).balance.available).toBe('108.00');
    expect((await ledger.verifyLedger(tenantId, 'EUR')).ok).toBe(true);
    expect((await ledger.verifyLedger(tenantId, 'USD')).ok).toBe(true);
  });

  it('groups concurrent single transfers on hot accounts without losing an update', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 10, '10.00');
    const bodies = Array.from({ length: 300 }, (_, index) =>
      transfer(wallets[index % 10]!, wallets[(index * 7 + 3) % 10]!, '0.50'),
    );
    const results = await Promise.allSettled(bodies.map((body) => ledger.createTransfer(tenantId, body)));
    const created = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code: string }).code] : [],
    );
    expect(new Set(refused)).toEqual(new Set(refused.length > 0 ? ['LEDGER_INSUFFICIENT_FUNDS'] : []));
    const ledgerHead = await ledger.getLedger(tenantId, 'EUR');
    expect(BigInt(ledgerHead.headSequence)).toBe(BigInt(10 + created));
    const verification = await ledger.verifyLedger(tenantId, 'EUR');
    expect(verification).toMatchObject({ ok: true });
    expect(verification.totals.creditsPosted).toBe(verification.totals.debitsPosted);
    const balances = await Promise.all(wallets.map((wallet) => ledger.getAccount(tenantId, wallet)));
    const totalCents = balances.reduce(
      (sum, account) => sum + BigInt(account.balance.posted.replace('.', '')),
      0n,
    );
    expect(totalCents).toBe(10_000n);
    expect(balances.every((account) => !account.balance.available.startsWith('-'))).toBe(true);
  });
});
