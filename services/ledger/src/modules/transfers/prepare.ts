/**
 * Static validation of transfers, done by the caller's request before it joins a group, so the group's transaction
 * only runs the state-dependent rules. Shape problems are VALIDATION_FAILED (with issues naming each rule, as
 * TigerBeetle names its results); amounts are parsed with the ledger asset's scale (LEDGER_AMOUNT_INVALID with the
 * money package's reason).
 */
import { hash } from 'node:crypto';
import {
  LEDGER_METADATA_ENTRIES_MAX,
  LEDGER_METADATA_KEY_LENGTH_MAX,
  LEDGER_METADATA_VALUE_LENGTH_MAX,
  LEDGER_TIMEOUT_SECONDS_MAX,
  type LedgerErrorBody,
  type TransferInput,
  transferInputSchema,
  transferShapeProblems,
} from '@tessera/contracts';
import { getAsset, INSTRUMENT_SCALE, parseAmount, type Scale } from '@tessera/money';
import { toValidationIssues, ValidationFailedError } from '@tessera/platform';
import { AmountInvalidError } from '../../errors.ts';
import { canonicalMetadata } from './hash-chain.ts';
import { errorBody } from './transfer-rules.ts';
import { type PreparedTransfer, type SubmittedTransfer, TRANSFER_FLAG } from './transfer-state.ts';

/**
 * The scale of a ledger follows from its code: a registry asset's scale (EUR 2, BTC 8, ETH 18), otherwise a
 * security or fund unit (6). The ledgers table stores the same value; verification compares them.
 */
export function scaleOfLedgerCode(code: string): Scale {
  let scale = scaleByCode.get(code);
  if (scale === undefined) {
    const asset = getAsset(code);
    scale = asset.ok ? asset.value.scale : INSTRUMENT_SCALE;
    // Bounded: ledger codes are at most 16 characters of [A-Z0-9.], and only validated ones get here.
    if (scaleByCode.size < 10_000) {
      scaleByCode.set(code, scale);
    }
  }
  return scale;
}

const scaleByCode = new Map<string, Scale>();

function invalid(error: LedgerErrorBody, input: unknown): SubmittedTransfer {
  const flags = (input as { flags?: { linked?: unknown } } | null)?.flags;
  return { kind: 'invalid', error, linked: flags?.linked === true };
}

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ledgerCodePattern = /^[A-Z0-9.]{1,16}$/;
const transferKeys = new Set([
  'id',
  'ledger',
  'debitAccountId',
  'creditAccountId',
  'amount',
  'pendingId',
  'timeoutSeconds',
  'code',
  'flags',
  'metadata',
]);
const flagKeys = new Set(['linked', 'pending', 'postPendingTransfer', 'voidPendingTransfer']);

type ParsedTransfer = ReturnType<typeof transferInputSchema.parse>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fastId(value: unknown): string | undefined | false {
  if (value === undefined) {
    return undefined;
  }
  if (typeof value !== 'string' || !idPattern.test(value)) {
    return false;
  }
  const id = value.toLowerCase();
  return id === '00000000-0000-0000-0000-000000000000' || id === 'ffffffff-ffff-ffff-ffff-ffffffffffff'
    ? false
    : id;
}

function fastInteger(value: unknown, min: number, max: number): number | undefined | false {
  if (value === undefined) {
    return undefined;
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : false;
}

function fastFlags(value: unknown): boolean {
  if (value === undefined) {
    return true;
  }
  if (!isPlainObject(value)) {
    return false;
  }
  return Object.keys(value).every(
    (key) => flagKeys.has(key) && (value[key] === undefined || typeof value[key] === 'boolean'),
  );
}

/**
 * Metadata without an own `__proto__` key (JSON.parse makes one from a request body), which zod's record drops
 * too: no reader can then have an object's prototype replaced by copying the metadata with assignment.
 */
function withoutProtoKey(metadata: Record<string, string> | undefined): Record<string, string> | undefined {
  return metadata !== undefined && Object.hasOwn(metadata, '__proto__')
    ? Object.fromEntries(Object.entries(metadata).filter(([key]) => key !== '__proto__'))
    : metadata;
}

/**
 * Text the shared text rules (contracts text.ts) accept unchanged: printable ASCII has no control character, no
 * surrogate, and is its own NFC. Anything else (accents, emoji, a tab, a NUL) takes zod's path, which applies the
 * rules and normalises, so both paths keep agreeing (issue #13, defect 3: a NUL here reached jsonb as a 500).
 */
const printableAscii = /^[\x20-\x7E]*$/;

function fastMetadata(value: unknown): boolean {
  if (value === undefined) {
    return true;
  }
  if (!isPlainObject(value)) {
    return false;
  }
  const keys = Object.keys(value);
  return (
    keys.length <= LEDGER_METADATA_ENTRIES_MAX &&
    keys.every((key) => {
      const entry = value[key];
      return (
        key.length >= 1 &&
        key.length <= LEDGER_METADATA_KEY_LENGTH_MAX &&
        typeof entry === 'string' &&
        entry.length <= LEDGER_METADATA_VALUE_LENGTH_MAX &&
        printableAscii.test(key) &&
        printableAscii.test(entry)
      );
    })
  );
}

/**
 * The common case of {@link transferInputSchema} without zod's per-field machinery (zod costs tens of microseconds
 * per transfer, a large share of an 8,189-transfer batch). Returns undefined whenever anything is off: the caller
 * then runs zod, so error messages come from one place. prepare-fast-path-agrees-with-zod.test.ts checks both agree.
 */
export function fastParseTransfer(input: unknown): ParsedTransfer | undefined {
  if (!isPlainObject(input)) {
    return undefined;
  }
  // for...in sees every own enumerable key (and inherited ones, which only send the input to zod).
  for (const key in input) {
    if (!transferKeys.has(key)) {
      return undefined;
    }
  }
  const id = fastId(input['id']);
  const debitAccountId = fastId(input['debitAccountId']);
  const creditAccountId = fastId(input['creditAccountId']);
  const pendingId = fastId(input['pendingId']);
  const timeoutSeconds = fastInteger(input['timeoutSeconds'], 0, LEDGER_TIMEOUT_SECONDS_MAX);
  const code = fastInteger(input['code'], 1, 65_535);
  const { ledger, amount, flags, metadata } = input;
  if (
    !id ||
    typeof ledger !== 'string' ||
    !ledgerCodePattern.test(ledger) ||
    debitAccountId === false ||
    creditAccountId === false ||
    pendingId === false ||
    timeoutSeconds === false ||
    code === false ||
    (amount !== undefined && typeof amount !== 'string') ||
    !fastFlags(flags) ||
    !fastMetadata(metadata)
  ) {
    return undefined;
  }
  const parsed = {
    id,
    ledger,
    debitAccountId: debitAccountId || undefined,
    creditAccountId: creditAccountId || undefined,
    amount: amount as string | undefined,
    pendingId: pendingId || undefined,
    timeoutSeconds,
    code,
    flags: flags as TransferInput['flags'],
    metadata: withoutProtoKey(metadata as Record<string, string> | undefined),
  };
  return transferShapeProblems(parsed).length === 0 ? parsed : undefined;
}

/** Validates one untrusted transfer; never throws for bad input. */
export function prepareTransfer(input: unknown): SubmittedTransfer {
  let transfer = fastParseTransfer(input);
  if (transfer === undefined) {
    const parsed = transferInputSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(errorBody(ValidationFailedError, { issues: toValidationIssues(parsed.error) }), input);
    }
    transfer = parsed.data;
  }
  let amount: bigint | undefined;
  if (transfer.amount !== undefined) {
    const result = parseAmount(transfer.amount, scaleOfLedgerCode(transfer.ledger), { positive: true });
    if (!result.ok) {
      return invalid(
        errorBody(AmountInvalidError, { reason: result.code, ...result.details }, result.message),
        input,
      );
    }
    amount = result.value;
  }
  const flagsIn = transfer.flags;
  const flags =
    flagsIn === undefined
      ? 0
      : (flagsIn.linked ? TRANSFER_FLAG.linked : 0) |
        (flagsIn.pending ? TRANSFER_FLAG.pending : 0) |
        (flagsIn.postPendingTransfer ? TRANSFER_FLAG.postPendingTransfer : 0) |
        (flagsIn.voidPendingTransfer ? TRANSFER_FLAG.voidPendingTransfer : 0);
  const timeoutSeconds = transfer.timeoutSeconds ?? 0;
  const metadata = transfer.metadata ?? {};
  const prepared: PreparedTransfer = {
    id: transfer.id,
    ledgerCode: transfer.ledger,
    debitAccountId: transfer.debitAccountId,
    creditAccountId: transfer.creditAccountId,
    amount,
    pendingId: transfer.pendingId,
    timeoutSeconds,
    code: transfer.code,
    flags,
    metadata,
    fingerprint: fingerprintFields(
      transfer.ledger,
      transfer.debitAccountId,
      transfer.creditAccountId,
      amount,
      transfer.pendingId,
      timeoutSeconds,
      transfer.code,
      flags,
      metadata,
    ),
  };
  return { kind: 'prepared', transfer: prepared, linked: (flags & TRANSFER_FLAG.linked) !== 0 };
}

/**
 * What "the same body" means for idempotency: every field as sent, amounts compared as minor units ("1.5" and
 * "1.50" are the same). Stored with the transfer (or its rejection) and compared on a retry.
 */
export function fingerprintOf(transfer: Omit<PreparedTransfer, 'fingerprint'>): Buffer {
  return fingerprintFields(
    transfer.ledgerCode,
    transfer.debitAccountId,
    transfer.creditAccountId,
    transfer.amount,
    transfer.pendingId,
    transfer.timeoutSeconds,
    transfer.code,
    transfer.flags,
    transfer.metadata,
  );
}

/** {@link fingerprintOf} from the fields themselves (no intermediate object or array per transfer). */
function fingerprintFields(
  ledgerCode: string,
  debitAccountId: string | undefined,
  creditAccountId: string | undefined,
  amount: bigint | undefined,
  pendingId: string | undefined,
  timeoutSeconds: number,
  code: number | undefined,
  flags: number,
  metadata: Readonly<Record<string, string>>,
): Buffer {
  const text =
    ledgerCode +
    '|' +
    (debitAccountId ?? '') +
    '|' +
    (creditAccountId ?? '') +
    '|' +
    (amount === undefined ? '' : amount.toString()) +
    '|' +
    (pendingId ?? '') +
    '|' +
    String(timeoutSeconds) +
    '|' +
    (code === undefined ? '' : String(code)) +
    '|' +
    String(flags) +
    '|' +
    canonicalMetadata(metadata);
  return hash('sha256', text, 'buffer');
}
