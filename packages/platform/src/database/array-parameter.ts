/**
 * Array parameters of set-based statements (`unnest($1::uuid[], …)`, `id = any($1::uuid[])`): one parameter per
 * column however many rows. On PostgreSQL (pg) they travel in the binary wire format (what `array_send` writes and
 * `array_recv` reads), so the server parses no text: an 8,189-row insert of uuids, numerics and hashes spends 40 to
 * 60 ms less in PostgreSQL (docs/benchmarks.md, ledger). PGlite gets the same values as array literals, which are
 * not checked here: callers pass values they produced themselves.
 *
 * The statement must cast the parameter to an array of the element type (`$1::uuid[]`): the server then expects that
 * type's binary form. Elements are the text PostgreSQL would accept for the type (Buffers for bytea), checked
 * strictly while encoding (a malformed element throws a TypeError; nothing is sent).
 *
 * A caller on a critical path compiles its statement with {@link compileAhead}: on PostgreSQL the arrays are then
 * encoded at once, so the work is done before the statement's turn (the ledger builds a group's write while the
 * previous group commits) and not when it is sent.
 */
import { type CompiledQuery, PostgresAdapter, type RawBuilder } from 'kysely';
import type { AnyKysely } from './types.ts';

/** Element types with a binary encoding here, and their type OIDs. */
const ELEMENT_OIDS = {
  uuid: 2950,
  int4: 23,
  int8: 20,
  numeric: 1700,
  text: 25,
  timestamptz: 1184,
  bytea: 17,
} as const;

export type ArrayElementType = keyof typeof ELEMENT_OIDS;

/** An array parameter: binary for pg (which calls `toPostgres`), an array literal for PGlite. */
export class ArrayParameter {
  #binary: Buffer | undefined;

  constructor(
    readonly elementType: ArrayElementType,
    readonly values: ReadonlyArray<ArrayElement>,
  ) {}

  /** What pg sends: a Buffer, which pg passes in the binary format. Encoded once. */
  toPostgres(): Buffer {
    this.#binary ??= encodeBinaryArray(this.elementType, this.values);
    return this.#binary;
  }

  /** The array literal (`{a,b,NULL}`); text elements are quoted, the others contain no reserved character. */
  toLiteral(): string {
    if (this.elementType === 'bytea') {
      // Each element in bytea's hex input form, quoted so that its backslash reaches it: {"\\x0102",NULL}.
      const parts = this.values.map((value) =>
        value === null ? 'NULL' : `"\\\\x${bytesOf(value).toString('hex')}"`,
      );
      return `{${parts.join(',')}}`;
    }
    const type = this.elementType;
    const quoted = type === 'text';
    const parts = this.values.map((value) =>
      value === null
        ? 'NULL'
        : quoted
          ? `"${textOf(type, value).replace(/["\\]/g, '\\$&')}"`
          : textOf(type, value),
    );
    return `{${parts.join(',')}}`;
  }
}

/** An element: its text, or its bytes for bytea; null for NULL. */
export type ArrayElement = string | Buffer | null;

/** An array parameter of `elementType` (see {@link ArrayParameter}). */
export function arrayParameter(
  elementType: ArrayElementType,
  values: ReadonlyArray<ArrayElement>,
): ArrayParameter {
  return new ArrayParameter(elementType, values);
}

/** The adapter of a Kysely over pg, whose array parameters travel in binary (postgres.ts uses it). */
export class BinaryArraysPostgresAdapter extends PostgresAdapter {}

/**
 * Compiles `query` for `db`; when `db`'s driver sends array parameters in binary (pg), encodes them now, so that
 * executing the result later does no more than send it. On PGlite nothing more is done (literals are cheap).
 */
export function compileAhead<R>(db: AnyKysely, query: RawBuilder<R>): CompiledQuery<R> {
  const compiled = query.compile(db);
  if (db.getExecutor().adapter instanceof BinaryArraysPostgresAdapter) {
    for (const parameter of compiled.parameters) {
      if (parameter instanceof ArrayParameter) {
        parameter.toPostgres();
      }
    }
  }
  return compiled;
}

/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01T00:00:00Z). */
const POSTGRES_EPOCH_US = 946_684_800_000_000n;
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;
const INTEGER = /^-?\d{1,19}$/;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function invalid(type: ArrayElementType, value: string | Buffer): never {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : 'a Buffer';
  throw new TypeError(`Not a ${type} array element: ${shown}`);
}

/** A bytea element's bytes (a Buffer); anything else is refused. */
function bytesOf(value: string | Buffer): Buffer {
  if (!Buffer.isBuffer(value)) {
    invalid('bytea', value);
  }
  return value;
}

/** A text element (every type but bytea); a Buffer is refused. */
function textOf(type: ArrayElementType, value: string | Buffer): string {
  if (typeof value !== 'string') {
    invalid(type, value);
  }
  return value;
}

/** The value of a hex digit's character code, or -1. */
const HEX = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit += 1) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}
const hexAt = (value: string, index: number) => {
  const code = value.charCodeAt(index);
  return code < 128 ? HEX[code]! : -1;
};

function writeUuid(target: Buffer, offset: number, value: string): void {
  if (
    value.length !== 36 ||
    value[8] !== '-' ||
    value[13] !== '-' ||
    value[18] !== '-' ||
    value[23] !== '-'
  ) {
    invalid('uuid', value);
  }
  for (let digit = 0; digit < 32; digit += 2) {
    // The text's position of hex digit `digit`: one further after each dash (after digits 8, 12, 16 and 20).
    const index =
      digit + (digit >= 8 ? 1 : 0) + (digit >= 12 ? 1 : 0) + (digit >= 16 ? 1 : 0) + (digit >= 20 ? 1 : 0);
    const high = hexAt(value, index);
    const low = hexAt(value, index + 1);
    if (high < 0 || low < 0) {
      invalid('uuid', value);
    }
    target[offset + digit / 2] = (high << 4) | low;
  }
}

/**
 * Writes a decimal in PostgreSQL's numeric binary form at `offset` (ndigits, weight, sign, display scale, then
 * base-10,000 digits, most significant first); returns the bytes written.
 */
function writeNumeric(target: Buffer, offset: number, value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) {
    invalid('numeric', value);
  }
  const integer = match[2]!;
  const fraction = match[3] ?? '';
  if (fraction.length > 0x3fff) {
    invalid('numeric', value);
  }
  let first = 0;
  while (first < integer.length && integer.charCodeAt(first) === 48) {
    first += 1;
  }
  // The decimal digits as one run aligned on the point, read four at a time: the integer part (without leading
  // zeros) padded on the left to whole groups, then the fraction padded on the right. No closures: this runs for
  // every element of every array.
  const integerDigits = integer.length - first;
  const integerGroups = Math.ceil(integerDigits / 4);
  const groups = integerGroups + Math.ceil(fraction.length / 4);
  const lead = integerGroups * 4 - integerDigits;
  const digitsAt = offset + 8;
  let weight = integerGroups - 1;
  let count = 0;
  for (let group = 0; group < groups; group += 1) {
    let digit = 0;
    for (let place = group * 4 - lead, end = place + 4; place < end; place += 1) {
      const fractionPlace = place - integerDigits;
      digit =
        digit * 10 +
        (place < 0
          ? 0
          : place < integerDigits
            ? integer.charCodeAt(first + place) - 48
            : fractionPlace < fraction.length
              ? fraction.charCodeAt(fractionPlace) - 48
              : 0);
    }
    if (digit === 0 && count === 0) {
      // A leading zero digit carries nothing: the weight says where the first one is.
      weight -= 1;
      continue;
    }
    target.writeInt16BE(digit, digitsAt + count * 2);
    count += 1;
  }
  while (count > 0 && target.readInt16BE(digitsAt + (count - 1) * 2) === 0) {
    count -= 1;
  }
  if (weight > 0x7fff || weight < -0x8000) {
    invalid('numeric', value);
  }
  target.writeInt16BE(count, offset);
  target.writeInt16BE(count === 0 ? 0 : weight, offset + 2);
  target.writeUInt16BE(match[1] === '-' && count > 0 ? 0x4000 : 0, offset + 4);
  target.writeInt16BE(fraction.length, offset + 6);
  return 8 + count * 2;
}

function writeInt8(target: Buffer, offset: number, value: string): void {
  if (!INTEGER.test(value)) {
    invalid('int8', value);
  }
  if (value.length <= 15) {
    // Exact as a double: the high and low words without a BigInt.
    const number = Number(value);
    const high = Math.floor(number / 2 ** 32);
    target.writeInt32BE(high, offset);
    target.writeUInt32BE(number - high * 2 ** 32, offset + 4);
    return;
  }
  const number = BigInt(value);
  if (number < -(2n ** 63n) || number >= 2n ** 63n) {
    invalid('int8', value);
  }
  target.writeBigInt64BE(number, offset);
}

function writeInstant(target: Buffer, offset: number, value: string): void {
  const match = INSTANT.exec(value);
  const milliseconds = match ? Date.parse(`${match[1]!}Z`) : Number.NaN;
  if (!match || !Number.isFinite(milliseconds)) {
    invalid('timestamptz', value);
  }
  const micros = BigInt(milliseconds) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
  target.writeBigInt64BE(micros - POSTGRES_EPOCH_US, offset);
}

/** The most bytes an element may take (its length word included), so one buffer is allocated per array. */
function elementBytesMax(type: ArrayElementType, value: string | Buffer): number {
  switch (type) {
    case 'bytea':
      return 4 + bytesOf(value).length;
    case 'uuid':
      return 20;
    case 'int4':
      return 8;
    case 'int8':
    case 'timestamptz':
      return 12;
    case 'numeric':
      return 4 + 8 + 2 * (Math.ceil(value.length / 4) + 2);
    case 'text':
      return 4 + 3 * value.length;
  }
}

/** Writes one element (its length word, then its bytes) at `offset`; returns the bytes written. */
function writeElement(
  target: Buffer,
  offset: number,
  type: ArrayElementType,
  element: string | Buffer,
): number {
  const at = offset + 4;
  if (type === 'bytea') {
    const length = bytesOf(element).copy(target, at);
    target.writeInt32BE(length, offset);
    return 4 + length;
  }
  const value = textOf(type, element);
  let length: number;
  switch (type) {
    case 'uuid':
      writeUuid(target, at, value);
      length = 16;
      break;
    case 'int4': {
      const number = Number(value);
      if (!INTEGER.test(value) || number < -(2 ** 31) || number >= 2 ** 31) {
        invalid(type, value);
      }
      target.writeInt32BE(number, at);
      length = 4;
      break;
    }
    case 'int8':
      writeInt8(target, at, value);
      length = 8;
      break;
    case 'numeric':
      length = writeNumeric(target, at, value);
      break;
    case 'text':
      length = target.write(value, at, 'utf8');
      break;
    case 'timestamptz':
      writeInstant(target, at, value);
      length = 8;
      break;
  }
  target.writeInt32BE(length, offset);
  return 4 + length;
}

/** A one-dimensional array in PostgreSQL's binary format (src/backend/utils/adt/arrayfuncs.c, array_send). */
export function encodeBinaryArray(type: ArrayElementType, values: ReadonlyArray<ArrayElement>): Buffer {
  const oid = ELEMENT_OIDS[type];
  if (values.length === 0) {
    // No dimensions: the empty array.
    const empty = Buffer.alloc(12);
    empty.writeInt32BE(oid, 8);
    return empty;
  }
  let hasNulls = false;
  let size = 20;
  for (const value of values) {
    if (value === null) {
      hasNulls = true;
      size += 4;
    } else {
      size += elementBytesMax(type, value);
    }
  }
  const target = Buffer.allocUnsafe(size);
  target.writeInt32BE(1, 0);
  target.writeInt32BE(hasNulls ? 1 : 0, 4);
  target.writeInt32BE(oid, 8);
  target.writeInt32BE(values.length, 12);
  target.writeInt32BE(1, 16);
  let offset = 20;
  for (const value of values) {
    if (value === null) {
      target.writeInt32BE(-1, offset);
      offset += 4;
    } else {
      offset += writeElement(target, offset, type, value);
    }
  }
  return target.subarray(0, offset);
}
