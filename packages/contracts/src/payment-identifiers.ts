/**
 * Payment identifiers: IBANs and BICs for SEPA, addresses for the crypto chains Tessera holds (Bitcoin, Ethereum and
 * USDC as an ERC-20 token on Ethereum). Pure functions, no I/O: cash operations validates beneficiaries and derives
 * wallet identifiers with them, and the web app runs the very same checks in the browser before a request is sent.
 *
 * Every check returns a value, never throws on bad input: `{ ok: true, value }` with the normalised identifier, or
 * `{ ok: false, problem }` with a named rejection (TigerStyle), which the services map to their error codes and the
 * web app to translated messages.
 *
 * Standards: IBAN ISO 13616-1 (check digits ISO 7064 MOD 97-10); BIC ISO 9362; Bitcoin segwit addresses BIP-173
 * (bech32, witness v0) and BIP-350 (bech32m, v1+); legacy Bitcoin addresses Base58Check; Ethereum addresses EIP-55
 * (mixed-case checksum over keccak-256).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { z } from 'zod';

/** What a check returns: the normalised value, or the first rule the input broke. */
export type IdentifierCheck<Problem extends string> =
  { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: Problem };

// ---------------------------------------------------------------------------------------------------------------
// IBAN
// ---------------------------------------------------------------------------------------------------------------

/**
 * IBAN length per country of the SEPA scheme (EPC409-09, the SEPA countries list, and the SWIFT IBAN registry).
 * Tessera pays out over SEPA only, so an IBAN of another country (e.g. BR, SA) is refused as `country_not_sepa`.
 */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** The named reasons an IBAN is refused, first broken rule wins (in this order). */
export const IBAN_PROBLEMS = [
  'empty',
  'invalid_characters',
  'country_not_sepa',
  'wrong_length',
  'invalid_check_digits',
  'checksum_mismatch',
] as const;
export type IbanProblem = (typeof IBAN_PROBLEMS)[number];

/**
 * The electronic format of an IBAN as people type or paste it: spaces (including non-breaking and tabs) and
 * hyphens removed, letters upper-cased. "fr76 3000-6000 0112 3456 7890 189" becomes "FR7630006000011234567890189".
 */
export function normalizeIban(input: string): string {
  return input.replace(/[\s\u00a0\u202f-]+/g, '').toUpperCase();
}

/**
 * Checks an IBAN (ISO 13616): characters, a SEPA country with its exact length, check digits 02 to 98, and the
 * MOD 97-10 checksum. On success `value` is the electronic format (no spaces, upper case).
 */
export function validateIban(input: string): IdentifierCheck<IbanProblem> {
  const iban = normalizeIban(input);
  if (iban.length === 0) {
    return { ok: false, problem: 'empty' };
  }
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) {
    return { ok: false, problem: 'invalid_characters' };
  }
  const expectedLength = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength === undefined) {
    return { ok: false, problem: 'country_not_sepa' };
  }
  if (iban.length !== expectedLength) {
    return { ok: false, problem: 'wrong_length' };
  }
  // ISO 7064 MOD 97-10 can only yield 02..98; 00, 01 and 99 are never produced by a correct computation.
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98) {
    return { ok: false, problem: 'invalid_check_digits' };
  }
  if (ibanMod97(iban.slice(4) + iban.slice(0, 4)) !== 1) {
    return { ok: false, problem: 'checksum_mismatch' };
  }
  return { ok: true, value: iban };
}

/** True when {@link validateIban} accepts the input. */
export function isValidIban(input: string): boolean {
  return validateIban(input).ok;
}

/** The printed format: the electronic format in groups of four, "FR76 3000 6000 0112 3456 7890 189". */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The two check digits of an IBAN made of `country` and `bban` (ISO 13616: 98 minus the MOD 97 of the BBAN, the
 * country and "00", letters as 10..35), as two characters.
 */
export function ibanCheckDigits(country: string, bban: string): string {
  if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z0-9]+$/.test(bban)) {
    throw new RangeError('ibanCheckDigits needs a two-letter country and an upper-case alphanumeric BBAN.');
  }
  return String(98 - ibanMod97(`${bban}${country}00`)).padStart(2, '0');
}

/**
 * MOD 97 of an alphanumeric string read as a number with A=10 … Z=35, digit by digit so that it never leaves the
 * safe-integer range (a 34-character IBAN is a 60-digit number).
 */
function ibanMod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * Tessera's virtual IBANs are Luxembourg IBANs (LUkk BBBA AAAA AAAA AAAA: a three-digit bank code, then a
 * 13-character account number). The bank code 099 is Tessera's in this product (fictional; a licensed bank would use
 * the code its national bank assigned). The account number is a fixed "7" then the sequence on 12 digits.
 */
export const TESSERA_IBAN_COUNTRY = 'LU';
export const TESSERA_IBAN_BANK_CODE = '099';
/** The largest sequence {@link generateVirtualIban} accepts (12 digits). */
export const VIRTUAL_IBAN_SEQUENCE_MAX = 999_999_999_999n;
/** Tessera's BIC (fictional, see {@link TESSERA_IBAN_BANK_CODE}). */
export const TESSERA_BIC = 'TSSRLULLXXX';

/**
 * A valid Tessera EUR IBAN for a customer wallet, derived from a sequence number (a database sequence, so every
 * wallet gets its own): sequence 1 gives "LU08 0997 0000 0000 0001" and the mapping is one-to-one.
 */
export function generateVirtualIban(sequence: bigint | number): string {
  const value = typeof sequence === 'bigint' ? sequence : BigInt(sequence);
  if (typeof sequence === 'number' && !Number.isSafeInteger(sequence)) {
    throw new RangeError('generateVirtualIban needs an integer sequence.');
  }
  if (value < 0n || value > VIRTUAL_IBAN_SEQUENCE_MAX) {
    throw new RangeError(`generateVirtualIban needs a sequence from 0 to ${VIRTUAL_IBAN_SEQUENCE_MAX}.`);
  }
  const bban = `${TESSERA_IBAN_BANK_CODE}7${value.toString().padStart(12, '0')}`;
  return `${TESSERA_IBAN_COUNTRY}${ibanCheckDigits(TESSERA_IBAN_COUNTRY, bban)}${bban}`;
}

/** True when `iban` (any format) is one of Tessera's own virtual IBANs. */
export function isTesseraIban(iban: string): boolean {
  const normalised = normalizeIban(iban);
  return (
    isValidIban(normalised) &&
    normalised.startsWith(TESSERA_IBAN_COUNTRY) &&
    normalised.slice(4, 8) === `${TESSERA_IBAN_BANK_CODE}7`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// BIC
// ---------------------------------------------------------------------------------------------------------------

export const BIC_PROBLEMS = ['empty', 'invalid_format'] as const;
export type BicProblem = (typeof BIC_PROBLEMS)[number];

/**
 * Checks a BIC (ISO 9362): 4 letters (institution), 2 letters (country), 2 letters or digits (location), optionally
 * 3 letters or digits (branch). The value is upper case without spaces; an 8-character BIC stays 8 characters.
 */
export function validateBic(input: string): IdentifierCheck<BicProblem> {
  const bic = input.replace(/\s+/g, '').toUpperCase();
  if (bic.length === 0) {
    return { ok: false, problem: 'empty' };
  }
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    return { ok: false, problem: 'invalid_format' };
  }
  return { ok: true, value: bic };
}

/** True when {@link validateBic} accepts the input. */
export function isValidBic(input: string): boolean {
  return validateBic(input).ok;
}

// ---------------------------------------------------------------------------------------------------------------
// Crypto addresses
// ---------------------------------------------------------------------------------------------------------------

/**
 * The chain an address belongs to. The same union as `CryptoChain` of cash-operations.ts (kept local so this module
 * stands alone and the package index exports one `CryptoChain`).
 */
type AddressChain = 'bitcoin' | 'ethereum';

/** The crypto assets with deposit addresses, and their chain. USDC is the ERC-20 token on Ethereum. */
export const CRYPTO_ASSET_CHAINS = { BTC: 'bitcoin', ETH: 'ethereum', USDC: 'ethereum' } as const;
export type CryptoAssetCode = keyof typeof CRYPTO_ASSET_CHAINS;

/** The chain of a crypto asset, or undefined for an asset without addresses (EUR, AAPL). */
export function chainOfAsset(asset: string): AddressChain | undefined {
  return Object.hasOwn(CRYPTO_ASSET_CHAINS, asset)
    ? CRYPTO_ASSET_CHAINS[asset as CryptoAssetCode]
    : undefined;
}

/** Bitcoin's networks: the production network and the test network (bech32 prefixes `bc` and `tb`). */
export type BitcoinNetwork = 'mainnet' | 'testnet';

export const CRYPTO_ADDRESS_PROBLEMS = [
  'empty',
  'unsupported_asset',
  'invalid_format',
  'checksum_mismatch',
  'wrong_network',
  'invalid_witness_program',
  'zero_address',
] as const;
export type CryptoAddressProblem = (typeof CRYPTO_ADDRESS_PROBLEMS)[number];

/** Options of {@link validateCryptoAddress}. */
export interface CryptoAddressOptions {
  /** Which Bitcoin network addresses must belong to; `mainnet` by default. */
  readonly bitcoinNetwork?: BitcoinNetwork;
}

/**
 * Checks an address for a crypto asset's chain. On success `value` is the canonical form: bech32 in lower case,
 * Base58 as given, Ethereum in its EIP-55 checksummed case.
 */
export function validateCryptoAddress(
  asset: string,
  input: string,
  options: CryptoAddressOptions = {},
): IdentifierCheck<CryptoAddressProblem> {
  const chain = chainOfAsset(asset);
  if (chain === undefined) {
    return { ok: false, problem: 'unsupported_asset' };
  }
  const address = input.trim();
  if (address.length === 0) {
    return { ok: false, problem: 'empty' };
  }
  return chain === 'bitcoin'
    ? validateBitcoinAddress(address, options.bitcoinNetwork ?? 'mainnet')
    : validateEthereumAddress(address);
}

/** True when {@link validateCryptoAddress} accepts the address for the asset. */
export function isValidCryptoAddress(asset: string, input: string, options?: CryptoAddressOptions): boolean {
  return validateCryptoAddress(asset, input, options).ok;
}

// --- Ethereum (EIP-55) ---

/**
 * Checks an Ethereum address: "0x" and 40 hex digits. All lower or all upper case carries no checksum and is
 * accepted; mixed case must match EIP-55 exactly (a single mistyped letter's case is caught). The zero address is
 * refused: funds sent there are burnt.
 */
export function validateEthereumAddress(address: string): IdentifierCheck<CryptoAddressProblem> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
    return { ok: false, problem: 'invalid_format' };
  }
  const hex = address.slice(2);
  const checksummed = toChecksumAddress(hex);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && checksummed !== address) {
    return { ok: false, problem: 'checksum_mismatch' };
  }
  if (/^0+$/.test(hex)) {
    return { ok: false, problem: 'zero_address' };
  }
  return { ok: true, value: checksummed };
}

/**
 * EIP-55: hash the lower-case hex address with keccak-256; a letter is upper case when the matching nibble of the
 * hash is 8 or more. Takes 40 hex digits with or without "0x"; returns "0x…" in checksummed case.
 */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) {
    throw new RangeError('toChecksumAddress needs 40 hex digits.');
  }
  const hash = keccak_256(new TextEncoder().encode(hex));
  let result = '0x';
  for (let index = 0; index < 40; index += 1) {
    const nibble = (hash[index >> 1]! >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    const character = hex[index]!;
    result += nibble >= 8 ? character.toUpperCase() : character;
  }
  return result;
}

// --- Bitcoin (BIP-173, BIP-350, Base58Check) ---
//
// The codecs are @scure/base's (audited, maintained, used by the noble/scure Bitcoin libraries): bech32 and
// bech32m checksums, 8-to-5 bit regrouping, Base58 and Base58Check over @noble/hashes' SHA-256. What stays here is
// Bitcoin's address rules on top of them (prefix per network, witness version and program lengths, version bytes)
// and the naming of the first broken rule. docs/adr/0013-libraries-over-hand-written-parts.md says why.

const BITCOIN_HRP: Readonly<Record<BitcoinNetwork, string>> = { mainnet: 'bc', testnet: 'tb' };
/** BIP-173's longest bech32 string. */
const BECH32_LENGTH_MAX = 90;
/**
 * A bech32 string's shape before its checksum (BIP-173): a prefix, the last "1" as separator, at least six data
 * characters of the bech32 alphabet (the checksum), in one case. Tested on the lower-case text.
 */
const BECH32_SHAPE = /^.+1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;
const base58check = createBase58check(sha256);

/**
 * Checks a Bitcoin address: native segwit (bech32 for witness version 0, bech32m for 1 to 16, with BIP-141's program
 * lengths) or legacy Base58Check (P2PKH "1…", P2SH "3…", or their test-network forms), of the given network.
 */
export function validateBitcoinAddress(
  address: string,
  network: BitcoinNetwork = 'mainnet',
): IdentifierCheck<CryptoAddressProblem> {
  const hrp = BITCOIN_HRP[network];
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1') || lower.startsWith('tb1') || lower.startsWith('bcrt1')) {
    return validateSegwitAddress(address, hrp);
  }
  return validateBase58Address(address, network);
}

function validateSegwitAddress(address: string, hrp: string): IdentifierCheck<CryptoAddressProblem> {
  const lower = address.toLowerCase();
  if (
    address.length > BECH32_LENGTH_MAX ||
    (address !== lower && address !== address.toUpperCase()) ||
    !BECH32_SHAPE.test(lower)
  ) {
    return { ok: false, problem: 'invalid_format' };
  }
  // The shape holds, so a string neither codec decodes has a checksum of neither kind.
  const asBech32 = bech32.decodeUnsafe(lower, BECH32_LENGTH_MAX);
  const decoded = asBech32 || bech32m.decodeUnsafe(lower, BECH32_LENGTH_MAX);
  if (!decoded) {
    return { ok: false, problem: 'checksum_mismatch' };
  }
  if (decoded.prefix !== hrp) {
    return { ok: false, problem: 'wrong_network' };
  }
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) {
    return { ok: false, problem: 'invalid_witness_program' };
  }
  if ((version === 0) !== Boolean(asBech32)) {
    // BIP-350: version 0 uses bech32, versions 1+ use bech32m; the other checksum is a mismatch.
    return { ok: false, problem: 'checksum_mismatch' };
  }
  // fromWordsUnsafe refuses more than 4 bits of padding or non-zero padding (BIP-173's decoding rule).
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) {
    return { ok: false, problem: 'invalid_witness_program' };
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { ok: false, problem: 'invalid_witness_program' };
  }
  return { ok: true, value: lower };
}

/** Encodes a segwit address (lower case): the prefix, witness version and program, with the right checksum. */
export function encodeSegwitAddress(hrp: string, version: number, program: Uint8Array): string {
  if (!Number.isInteger(version) || version < 0 || version > 16) {
    throw new RangeError('A witness version is 0 to 16.');
  }
  const codec = version === 0 ? bech32 : bech32m;
  return codec.encode(hrp, [version, ...bech32.toWords(program)], false);
}

/** Version bytes of legacy addresses: P2PKH and P2SH, per network. */
const BASE58_VERSIONS: Readonly<Record<BitcoinNetwork, readonly number[]>> = {
  mainnet: [0x00, 0x05],
  testnet: [0x6f, 0xc4],
};
/** A legacy address is a version byte, a 20-byte hash and a 4-byte checksum. */
const BASE58_ADDRESS_BYTES = 25;

function validateBase58Address(
  address: string,
  network: BitcoinNetwork,
): IdentifierCheck<CryptoAddressProblem> {
  if (address.length < 26 || address.length > 35) {
    return { ok: false, problem: 'invalid_format' };
  }
  const bytes = decodeBase58(address);
  if (bytes === undefined || bytes.length !== BASE58_ADDRESS_BYTES) {
    return { ok: false, problem: 'invalid_format' };
  }
  // The characters and the length hold, so what Base58Check refuses now is the checksum.
  const payload = decodeBase58Check(address);
  if (payload === undefined) {
    return { ok: false, problem: 'checksum_mismatch' };
  }
  const version = payload[0]!;
  if (!BASE58_VERSIONS[network].includes(version)) {
    const otherNetwork = network === 'mainnet' ? 'testnet' : 'mainnet';
    return {
      ok: false,
      problem: BASE58_VERSIONS[otherNetwork].includes(version) ? 'wrong_network' : 'invalid_format',
    };
  }
  return { ok: true, value: address };
}

// @scure/base's coders throw on bad input; these turn a refusal into undefined, so no exception is control flow
// past this point.
function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

function decodeBase58Check(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text);
  } catch {
    return undefined;
  }
}

// --- Deposit addresses ---

/**
 * A deposit address for a wallet, derived deterministically from `seed` (the wallet id): the same seed always gives
 * the same address, different seeds or assets give different ones. Bitcoin: a native segwit v0 (P2WPKH) address
 * whose 20-byte program is SHA-256 of a domain-separated seed; Ethereum and USDC: the last 20 bytes of keccak-256 of
 * it, EIP-55 checksummed. These are valid addresses for the chain that no key controls: the simulated chain adapter
 * credits them; a production chain adapter allocates addresses from the custody provider instead.
 */
export function deriveDepositAddress(
  asset: CryptoAssetCode,
  seed: string,
  options: { bitcoinNetwork?: BitcoinNetwork } = {},
): string {
  const chain = chainOfAsset(asset);
  if (chain === undefined || seed.length === 0) {
    throw new RangeError('deriveDepositAddress needs a crypto asset and a non-empty seed.');
  }
  const material = new TextEncoder().encode(`tessera-deposit-address:${asset}:${seed}`);
  if (chain === 'bitcoin') {
    return encodeSegwitAddress(
      BITCOIN_HRP[options.bitcoinNetwork ?? 'mainnet'],
      0,
      sha256(material).subarray(0, 20),
    );
  }
  const hash = keccak_256(material).subarray(12);
  return toChecksumAddress([...hash].map((byte) => byte.toString(16).padStart(2, '0')).join(''));
}

// ---------------------------------------------------------------------------------------------------------------
// zod schemas (request bodies): normalise on success, the problem name as the issue message on failure
// ---------------------------------------------------------------------------------------------------------------

/** An IBAN field: any spacing and case in, the electronic format out; the issue message is an {@link IbanProblem}. */
export const ibanSchema = z.string().transform((value, context) => {
  const check = validateIban(value);
  if (!check.ok) {
    context.addIssue({ code: 'custom', message: check.problem });
    return z.NEVER;
  }
  return check.value;
});

/** A BIC field: upper case out; the issue message is a {@link BicProblem}. */
export const bicSchema = z.string().transform((value, context) => {
  const check = validateBic(value);
  if (!check.ok) {
    context.addIssue({ code: 'custom', message: check.problem });
    return z.NEVER;
  }
  return check.value;
});
