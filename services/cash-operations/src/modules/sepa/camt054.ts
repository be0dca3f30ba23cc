/**
 * ISO 20022 camt.054 (Bank to Customer Debit Credit Notification) reader: the file a bank sends about money that
 * moved on its accounts. Any version 02 to 13 reads the same here, as only stable elements are used:
 *
 *   Document/BkToCstmrDbtCdtNtfctn/Ntfctn[]      one notification per account (Acct/Id/IBAN)
 *     Ntry[]                                      an entry: Amt@Ccy, CdtDbtInd (CRDT|DBIT), Sts, BookgDt, AcctSvcrRef
 *       NtryDtls[]/TxDtls[]                       the transactions of the entry (a batch has several):
 *         Refs/EndToEndId, Refs/AcctSvcrRef       the payer's end-to-end id, the bank's reference
 *         Amt@Ccy (or AmtDtls/TxAmt/Amt), CdtDbtInd
 *         RltdPties/Dbtr/(Nm | Pty/Nm), RltdPties/DbtrAcct/Id/IBAN, RltdPties/CdtrAcct/Id/IBAN
 *         RmtInf/Ustrd[] or RmtInf/Strd/CdtrRefInf/Ref
 *
 * Amounts stay decimal text (the parser never turns them into numbers). The creditor IBAN is the transaction's
 * CdtrAcct (a virtual IBAN), else the notification's account. A DOCTYPE is refused outright (no entity expansion).
 */
import { isSafeText } from '@tessera/contracts';
import { XMLParser } from 'fast-xml-parser';

/** One transaction of a notification. */
export interface CamtTransaction {
  /** What makes it unique, for idempotent booking (see {@link referenceOf}). */
  readonly reference: string;
  readonly endToEndId: string | null;
  readonly creditDebit: 'CRDT' | 'DBIT';
  /** Decimal text as in the file, e.g. "125.50". */
  readonly amount: string;
  readonly currency: string;
  readonly creditorIban: string | null;
  readonly debtorName: string | null;
  readonly debtorIban: string | null;
  readonly remittance: string | null;
  /** Only booked entries move money; pending (PDNG) or information (INFO) entries are skipped. */
  readonly booked: boolean;
}

/** Why a file could not be read. */
export type CamtProblem = 'not_xml' | 'doctype_not_allowed' | 'not_camt054' | 'entry_invalid';

export type CamtParseResult =
  | { readonly ok: true; readonly transactions: readonly CamtTransaction[] }
  | { readonly ok: false; readonly problem: CamtProblem; readonly detail?: string };

/** The most transactions one file may carry (a bound on the work of one import). */
export const CAMT_TRANSACTIONS_MAX = 5000;

/**
 * The longest text element kept (ISO 20022's Max140Text: names and remittance; IBANs are at most 34 characters and
 * references 35). A booking key is at most this plus an IBAN and a prefix.
 */
export const CAMT_TEXT_MAX_CHARS = 140;

type Node = Record<string, unknown>;

const ARRAY_ELEMENTS = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== 'object') {
      return undefined;
    }
    current = (current as Node)[name];
  }
  return current;
}

function list(node: unknown, name: string): Node[] {
  const value = child(node, name);
  return Array.isArray(value)
    ? (value.filter((item) => item !== null && typeof item === 'object') as Node[])
    : [];
}

function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value.trim();
  }
  if (value !== null && typeof value === 'object' && typeof (value as Node)['#text'] === 'string') {
    return ((value as Node)['#text'] as string).trim();
  }
  return null;
}

function amountOf(node: unknown): { amount: string; currency: string } | null {
  const amount = child(node, 'Amt');
  const value = text(node, 'Amt');
  const currency = amount !== null && typeof amount === 'object' ? (amount as Node)['@Ccy'] : undefined;
  return value !== null && typeof currency === 'string' ? { amount: value, currency } : null;
}

function remittanceOf(transaction: unknown): string | null {
  const unstructured = (child(transaction, 'RmtInf', 'Ustrd') as unknown[] | undefined) ?? [];
  const parts = unstructured.map((part) => (typeof part === 'string' ? part.trim() : '')).filter(Boolean);
  const structured = text(transaction, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref');
  const all = structured ? [...parts, structured] : parts;
  return all.length > 0 ? clip(all.join(' '), CAMT_TEXT_MAX_CHARS) : null;
}

/** The first `maxChars` UTF-16 units of `value`, never cutting a surrogate pair in two. */
function clip(value: string, maxChars: number): string {
  if (value.length <= maxChars) {
    return value;
  }
  const last = value.charCodeAt(maxChars - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars);
}

/**
 * The booking key of a transaction: the creditor IBAN with the payer's end-to-end id (SEPA requires the payer's
 * bank to carry it unchanged; "NOTPROVIDED" means none), else the bank's reference of the transaction, else the
 * bank's reference of the entry with the transaction's position. Re-importing the same file gives the same keys.
 */
function referenceOf(
  entry: Node,
  transaction: Node | null,
  creditorIban: string | null,
  position: number,
): string | null {
  const endToEndId = transaction ? text(transaction, 'Refs', 'EndToEndId') : null;
  if (endToEndId && endToEndId.toUpperCase() !== 'NOTPROVIDED') {
    return `e2e:${creditorIban ?? ''}:${endToEndId}`;
  }
  const transactionReference = transaction ? text(transaction, 'Refs', 'AcctSvcrRef') : null;
  if (transactionReference) {
    return `bank:${transactionReference}`;
  }
  const entryReference = text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef');
  return entryReference ? `bank:${entryReference}:${position}` : null;
}

function statusOf(entry: Node): string | null {
  // Sts is a code up to version 07 and a choice (Sts/Cd) from version 08.
  return text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts');
}

/** Reads a camt.054 document into its transactions, or names why it cannot. */
export function parseCamt054(xml: string): CamtParseResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    return { ok: false, problem: 'doctype_not_allowed' };
  }
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    return {
      ok: false,
      problem: 'not_xml',
      detail: error instanceof Error ? error.message.slice(0, 200) : undefined,
    };
  }
  const root = child(document, 'Document', 'BkToCstmrDbtCdtNtfctn');
  if (root === undefined || root === null || typeof root !== 'object') {
    return { ok: false, problem: 'not_camt054' };
  }
  const transactions: CamtTransaction[] = [];
  for (const notification of list(root, 'Ntfctn')) {
    const accountIban = text(notification, 'Acct', 'Id', 'IBAN');
    for (const [entryIndex, entry] of list(notification, 'Ntry').entries()) {
      const read = readEntry(entry, accountIban, `${transactions.length}:${entryIndex}`);
      if (!read.ok) {
        return read;
      }
      transactions.push(...read.transactions);
      if (transactions.length > CAMT_TRANSACTIONS_MAX) {
        return {
          ok: false,
          problem: 'entry_invalid',
          detail: `more than ${CAMT_TRANSACTIONS_MAX} transactions`,
        };
      }
    }
  }
  return { ok: true, transactions };
}

function readEntry(entry: Node, accountIban: string | null, position: string): CamtParseResult {
  const entryAmount = amountOf(entry);
  const entryDirection = text(entry, 'CdtDbtInd');
  const booked = (statusOf(entry) ?? 'BOOK').toUpperCase() === 'BOOK';
  const details = list(entry, 'NtryDtls').flatMap((group) => list(group, 'TxDtls'));
  const items: Array<Node | null> = details.length > 0 ? details : [null];
  const transactions: CamtTransaction[] = [];
  for (const [index, transaction] of items.entries()) {
    const amount =
      (transaction && (amountOf(transaction) ?? amountOf(child(transaction, 'AmtDtls', 'TxAmt')))) ??
      (items.length === 1 ? entryAmount : null);
    const direction = (transaction && text(transaction, 'CdtDbtInd')) ?? entryDirection;
    if (!amount || (direction !== 'CRDT' && direction !== 'DBIT')) {
      return {
        ok: false,
        problem: 'entry_invalid',
        detail: `entry ${position}: amount or CdtDbtInd missing`,
      };
    }
    const creditorIban =
      (transaction && text(transaction, 'RltdPties', 'CdtrAcct', 'Id', 'IBAN')) ?? accountIban;
    const reference = referenceOf(entry, transaction, creditorIban, index);
    if (!reference) {
      return {
        ok: false,
        problem: 'entry_invalid',
        detail: `entry ${position}: no reference to book it once`,
      };
    }
    const read: CamtTransaction = {
      reference,
      endToEndId: transaction ? text(transaction, 'Refs', 'EndToEndId') : null,
      creditDebit: direction,
      amount: amount.amount,
      currency: amount.currency,
      creditorIban,
      debtorName:
        (transaction &&
          (text(transaction, 'RltdPties', 'Dbtr', 'Nm') ??
            text(transaction, 'RltdPties', 'Dbtr', 'Pty', 'Nm'))) ??
        null,
      debtorIban: transaction ? text(transaction, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN') : null,
      remittance: transaction ? remittanceOf(transaction) : null,
      booked,
    };
    if (!isStorableTransaction(read)) {
      return {
        ok: false,
        problem: 'entry_invalid',
        detail: `entry ${position}: a text element is too long or has control characters`,
      };
    }
    transactions.push(read);
  }
  return { ok: true, transactions };
}

/**
 * XML lets a file carry characters that PostgreSQL's text and jsonb refuse (a raw NUL) or that have no place in a
 * name shown to a customer (control characters, bidirectional overrides): such a file is refused as a whole, like
 * any unreadable entry, rather than failing half-way through booking.
 */
function isStorableTransaction(transaction: CamtTransaction): boolean {
  const texts = [
    transaction.endToEndId,
    transaction.amount,
    transaction.currency,
    transaction.creditorIban,
    transaction.debtorName,
    transaction.debtorIban,
    transaction.remittance,
  ];
  const referenceMaxChars = CAMT_TEXT_MAX_CHARS + 64;
  return (
    transaction.reference.length <= referenceMaxChars &&
    isSafeText(transaction.reference) &&
    texts.every((value) => value === null || (value.length <= CAMT_TEXT_MAX_CHARS && isSafeText(value)))
  );
}
