/**
 * TOTP (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30-second steps, 6 digits, as authenticator apps and Cognito's
 * SOFTWARE_TOKEN_MFA use them. One step of clock drift is accepted either way, and a step already used is refused
 * (a code seen over a shoulder cannot be replayed within its window).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const STEP_S = 30;
const DIGITS = 6;
/** Accepted drift, in steps, either side of now (RFC 6238 section 5.2 recommends at most one). */
const DRIFT_STEPS = 1;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new shared secret: 20 random bytes (RFC 4226's recommended 160 bits) as 32 base32 characters. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The code for a time step. */
export function hotp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(binary).padStart(DIGITS, '0');
}

/** The time step of a moment. */
export function totpStep(atMs: number = Date.now()): number {
  return Math.floor(atMs / 1000 / STEP_S);
}

/**
 * The step a code matches, if it matches one within the drift window and after `lastUsedStep`; otherwise
 * undefined. Every candidate is compared in constant time.
 */
export function matchTotp(
  secret: string,
  code: string,
  lastUsedStep: number,
  atMs = Date.now(),
): number | undefined {
  if (!/^\d{6}$/.test(code)) {
    return undefined;
  }
  const now = totpStep(atMs);
  let matched: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    const equal = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (equal && step > lastUsedStep && matched === undefined) {
      matched = step;
    }
  }
  return matched;
}

/** RFC 4648 base32 without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) {
    output += alphabet[(value << (5 - bits)) & 31];
  }
  return output;
}

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = alphabet.indexOf(character);
    if (index < 0) {
      throw new Error('Invalid base32 character.');
    }
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
