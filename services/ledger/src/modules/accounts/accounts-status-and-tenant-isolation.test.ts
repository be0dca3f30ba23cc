import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
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

describeEachDatabase('ledger accounts, statuses and tenants', ({ createDatabase }) => {
  let database: Database;
  let ledger: LedgerService;
  beforeAll(async () => {
    database = await createDatabase();
    ledger = await openLedger(database);
    return () => ledger.close();
  });

  it('creates accounts idempotently and refuses an id reused with other fields', async () => {
    const tenantId = await freshTenant(ledger);
    const input = { id: newId(), ledger: 'EUR', ownerId: 'cust-1', type: 'customer_wallet' as const };
    const results = await ledger.createAccounts(tenantId, [input, input, { ...input, ownerId: 'cust-2' }]);
    expect(results.map(codeOf)).toEqual(['created', 'exists', 'LEDGER_ACCOUNT_EXISTS_WITH_DIFFERENT_FIELDS']);
    const account = await ledger.getAccount(tenantId, input.id.toUpperCase());
    expect(account).toMatchObject({
      status: 'open',
      flags: { debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false },
      balance: { available: '0.00', posted: '0.00' },
    });
  });

  it('refuses a wallet that could go below zero, exclusive limits, unknown ledgers and bad shapes', async () => {
    const tenantId = await freshTenant(ledger);
    const base = { ledger: 'EUR', ownerId: 'cust-1', type: 'customer_wallet' as const };
    const results = await ledger.createAccounts(tenantId, [
      { ...base, id: newId(), flags: { debitsMustNotExceedCredits: false } },
      { ...base, id: newId(), flags: { creditsMustNotExceedDebits: true } },
      { ...base, id: newId(), ledger: 'CHF' },
      { ...base, id: '00000000-0000-0000-0000-000000000000' },
      { ...base, id: newId(), type: 'piggy_bank' as never },
    ]);
    expect(results.map(codeOf)).toEqual([
      'LEDGER_ACCOUNT_FLAGS_INVALID',
      'LEDGER_ACCOUNT_FLAGS_INVALID',
      'LEDGER_LEDGER_NOT_FOUND',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
  });

  it('freezes an account: no new transfer in or out, a reservation can still be voided; unfreeze restores it', async () => {
    const tenantId = await freshTenant(ledger);
    const { bank, wallets } = await fundedWallets(ledger, tenantId, 2, '10.00');
    const [a, b] = wallets as [string, string];
    const hold = transfer(a, b, '4.00', { flags: { pending: true } });
    await ledger.createTransfer(tenantId, hold);
    expect((await ledger.freezeAccount(tenantId, a)).status).toBe('frozen');
    expect((await ledger.freezeAccount(tenantId, a)).status).toBe('frozen');
    const refused = await ledger.createTransfers(tenantId, [
      transfer(a, b, '1.00'),
      transfer(bank, a, '1.00'),
      { id: newId(), ledger: 'EUR', pendingId: hold.id, flags: { postPendingTransfer: true } },
    ]);
    expect(refused.map(codeOf)).toEqual([
      'LEDGER_ACCOUNT_FROZEN',
      'LEDGER_ACCOUNT_FROZEN',
      'LEDGER_ACCOUNT_FROZEN',
    ]);
    const voided = await ledger.createTransfer(tenantId, {
      id: newId(),
      ledger: 'EUR',
      pendingId: hold.id,
      flags: { voidPendingTransfer: true },
    });
    expect(voided.status).toBe('created');
    await ledger.unfreezeAccount(tenantId, a);
    expect((await ledger.createTransfer(tenantId, transfer(a, b, '1.00'))).status).toBe('created');
  });

  it('closes only an account with a zero balance and nothing pending, for good', async () => {
    const tenantId = await freshTenant(ledger);
    const { bank, wallets } = await fundedWallets(ledger, tenantId, 1, '10.00');
    const [wallet] = wallets as [string];
    await expect(ledger.closeAccount(tenantId, wallet)).rejects.toMatchObject({
      code: 'LEDGER_ACCOUNT_BALANCE_NOT_ZERO',
    });
    await ledger.createTransfer(tenantId, transfer(wallet, bank, '10.00'));
    expect((await ledger.closeAccount(tenantId, wallet)).status).toBe('closed');
    expect((await ledger.closeAccount(tenantId, wallet)).status).toBe('closed');
    await expect(ledger.unfreezeAccount(tenantId, wallet)).rejects.toMatchObject({
      code: 'LEDGER_ACCOUNT_CLOSED',
    });
    const [refused] = await ledger.createTransfers(tenantId, [transfer(bank, wallet, '1.00')]);
    expect(codeOf(refused)).toBe('LEDGER_ACCOUNT_CLOSED');
  });

  it("keeps tenants apart: another tenant's ids are not found and nothing moves", async () => {
    const alice = await freshTenant(ledger);
    const mallory = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, alice, 2, '10.00');
    const [malloryWallet] = await openAccounts(ledger, mallory, 'EUR', 1);
    await expect(ledger.getAccount(mallory, wallets[0]!)).rejects.toMatchObject({
      code: 'LEDGER_ACCOUNT_NOT_FOUND',
      statusCode: 404,
    });
    const steal = await ledger.createTransfers(mallory, [
      transfer(wallets[0]!, malloryWallet!, '10.00'),
      transfer(malloryWallet!, wallets[1]!, '1.00'),
    ]);
    expect(steal.map(codeOf)).toEqual(['LEDGER_DEBIT_ACCOUNT_NOT_FOUND', 'LEDGER_CREDIT_ACCOUNT_NOT_FOUND']);
    const aliceTransfer = transfer(wallets[0]!, wallets[1]!, '1.00');
    await ledger.createTransfer(alice, aliceTransfer);
    await expect(ledger.getTransfer(mallory, aliceTransfer.id)).rejects.toMatchObject({
      code: 'LEDGER_TRANSFER_NOT_FOUND',
    });
    await expect(ledger.listAccountHistory(mallory, wallets[0]!)).rejects.toMatchObject({
      code: 'LEDGER_ACCOUNT_NOT_FOUND',
    });
    expect((await ledger.getAccount(alice, wallets[0]!)).balance.available).toBe('9.00');
    expect((await ledger.verifyLedger(alice, 'EUR')).ok).toBe(true);
    expect((await ledger.getLedger(mallory, 'EUR')).headSequence).toBe('0');
  });

  it("lists a tenant's accounts by owner and ledger, page by page, and its ledgers", async () => {
    const tenantId = await freshTenant(ledger, ['EUR', 'USD']);
    const owner = 'customer-42';
    const eur = await openAccounts(ledger, tenantId, 'EUR', 3, 'customer_wallet', { ownerId: owner });
    const [usd] = await openAccounts(ledger, tenantId, 'USD', 1, 'customer_wallet', { ownerId: owner });
    await openAccounts(ledger, tenantId, 'EUR', 2);
    const first = await ledger.listAccounts(tenantId, { ownerId: owner, limit: 2 });
    const second = await ledger.listAccounts(tenantId, {
      ownerId: owner,
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect([...first.items, ...second.items].map((account) => account.id).sort()).toEqual(
      [...eur, usd!].sort(),
    );
    expect(second.nextCursor).toBeNull();
    expect(
      (await ledger.listAccounts(tenantId, { ownerId: owner, ledger: 'USD' })).items.map((a) => a.id),
    ).toEqual([usd]);
    expect((await ledger.listAccounts(tenantId)).items).toHaveLength(6);
    expect((await ledger.listLedgers(tenantId)).map((item) => item.code)).toEqual(['EUR', 'USD']);
    const other = await freshTenant(ledger);
    expect((await ledger.listAccounts(other, { ownerId: owner })).items).toEqual([]);
  });

  it('creates tenants and ledgers idempotently and refuses unknown assets', async () => {
    const tenant = { id: `t-${randomUUID().slice(0, 8)}`, ownerUserId: 'user-1' };
    expect((await ledger.createTenant(tenant)).ownerUserId).toBe('user-1');
    expect((await ledger.createTenant(tenant)).id).toBe(tenant.id);
    await expect(ledger.createTenant({ ...tenant, ownerUserId: 'user-2' })).rejects.toMatchObject({
      code: 'LEDGER_TENANT_EXISTS_WITH_DIFFERENT_OWNER',
    });
    await expect(ledger.createTenant({ id: 'tessera', ownerUserId: 'user-1' })).rejects.toMatchObject({
      code: 'LEDGER_TENANT_EXISTS_WITH_DIFFERENT_OWNER',
    });
    expect(await ledger.createLedger(tenant.id, { code: 'BTC' })).toMatchObject({
      scale: 8,
      assetKind: 'crypto',
      headSequence: '0',
    });
    expect(await ledger.createLedger(tenant.id, { code: 'AAPL', assetKind: 'security' })).toMatchObject({
      scale: 6,
    });
    await expect(ledger.createLedger(tenant.id, { code: 'AAPL2' })).rejects.toMatchObject({
      code: 'LEDGER_ASSET_UNKNOWN',
    });
    await expect(ledger.createLedger('nobody', { code: 'EUR' })).rejects.toMatchObject({
      code: 'LEDGER_TENANT_NOT_FOUND',
    });
  });
});
