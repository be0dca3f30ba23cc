import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseCamt054 } from './camt054.ts';

const wrap = (entries: string) => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn>
<Acct><Id><IBAN>LU280019400644750000</IBAN></Id></Acct>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

describe('camt.054 reader', () => {
  it('reads the sample file: six transactions, amounts as text, references for booking once', async () => {
    const xml = await readFile(new URL('../../../fixtures/camt054-sample.xml', import.meta.url), 'utf8');
    const parsed = parseCamt054(xml);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) {
      return;
    }
    expect(
      parsed.transactions.map((transaction) => [
        transaction.reference,
        transaction.creditDebit,
        transaction.amount,
        transaction.currency,
      ]),
    ).toEqual([
      ['e2e:LU080997000000000001:E2E-RENT-2026-11', 'CRDT', '250.00', 'EUR'],
      ['e2e:LU780997000000000002:E2E-PAYROLL-77', 'CRDT', '75.50', 'EUR'],
      ['e2e:LU120997000000999999:E2E-PAYROLL-78', 'CRDT', '100.00', 'EUR'],
      ['bank:BANKREF-0003:0', 'CRDT', '12.00', 'EUR'],
      ['bank:BANKREF-0004:0', 'DBIT', '10.00', 'EUR'],
      ['bank:BANKREF-0005:0', 'CRDT', '40.00', 'USD'],
    ]);
    expect(parsed.transactions[0]).toMatchObject({
      debtorName: 'Ana Demo Parents',
      debtorIban: 'FR7630006000011234567890189',
      remittance: 'Pocket money November',
    });
    expect(parsed.transactions[3]!.remittance).toBe('Refund order 42');
    // An entry without transaction details is credited to the notification's account.
    expect(parsed.transactions[5]!.creditorIban).toBe('LU280019400644750000');
  });

  it('reads the version 02 status code and skips nothing silently: pending entries are marked unbooked', () => {
    const parsed = parseCamt054(
      wrap(`<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><AcctSvcrRef>R1</AcctSvcrRef></Ntry>
            <Ntry><Amt Ccy="EUR">6.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><AcctSvcrRef>R2</AcctSvcrRef></Ntry>`),
    );
    expect(
      parsed.ok && parsed.transactions.map((transaction) => [transaction.amount, transaction.booked]),
    ).toEqual([
      ['5.00', false],
      ['6.00', true],
    ]);
  });

  it('refuses what it cannot book once or read', () => {
    expect(
      parseCamt054(wrap('<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>')),
    ).toMatchObject({ ok: false, problem: 'entry_invalid' });
    expect(
      parseCamt054(wrap('<Ntry><CdtDbtInd>CRDT</CdtDbtInd><AcctSvcrRef>R</AcctSvcrRef></Ntry>')),
    ).toMatchObject({ ok: false, problem: 'entry_invalid' });
    expect(
      parseCamt054('<?xml version="1.0"?><!DOCTYPE d SYSTEM "file:///etc/passwd"><Document/>'),
    ).toMatchObject({ ok: false, problem: 'doctype_not_allowed' });
    expect(parseCamt054('<Document><BkToCstmrStmt/></Document>')).toMatchObject({
      ok: false,
      problem: 'not_camt054',
    });
  });
});
