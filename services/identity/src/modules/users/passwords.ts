/**
 * Passwords: argon2id hashing and the password policy.
 *
 * Parameters are OWASP's Password Storage Cheat Sheet minimum for argon2id (19 MiB of memory, 2 iterations,
 * 1 lane): the cost per guess is what protects a leaked table. One check takes about 12 ms of a core here, most
 * of a sign-in's cost (docs/benchmarks.md, identity). The hash string carries its own parameters, so raising them
 * later only needs `needsRehash` at the next sign-in.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { CognitoError } from '../protocol/cognito-errors.ts';

/** OWASP's argon2id minimum: m=19456 KiB, t=2, p=1. */
export const argon2Options = {
  // Algorithm.Argon2id: the package's enum is a `const enum`, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Cognito's upper bound on password length; longer inputs are refused before any hashing (cost bound). */
export const PASSWORD_LENGTH_MAX = 256;
/** Spec section 9: "Password minimum 8". */
export const PASSWORD_LENGTH_MIN = 8;

/**
 * How many argon2id computations run at once: one per core. They run on libuv's thread pool (4 threads), but more
 * hashes than cores only time-slice: each takes longer, their 19 MiB each crowd the caches, and the event loop
 * waits behind them for a core. Measured on two cores (docs/benchmarks.md, identity): two at a time verified 5 to
 * 24 % more per second than four, and the p99 of sign-ins at 8 concurrent fell from 153 to 122 ms. The queue is
 * first come, first served.
 */
export const ARGON2_CONCURRENCY = Math.max(1, availableParallelism());

let hashing = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a hashing slot is free (exported for its test). */
export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= ARGON2_CONCURRENCY) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    hashing += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) {
      next(); // the slot passes to the next caller
    } else {
      hashing -= 1;
    }
  }
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, argon2Options));
}

/** Checks a password against its hash; false for a malformed hash rather than an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throw-away hash: called when the user does not exist, so an
 * unknown e-mail takes as long to refuse as a wrong password (no user enumeration by timing). Always false.
 */
export async function burnVerification(password: string): Promise<false> {
  dummyHash ??= hashPassword('tessera-dummy-password-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Cognito's "symbols": the special characters it accepts in a password. */
const symbols = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

/**
 * The policy of spec section 5: at least 8 characters, with lowercase, uppercase, digits and symbols. The message
 * names the first rule broken, as Cognito does ("Password did not conform with policy: ...").
 */
export function assertPasswordPolicy(password: string): void {
  const rule = brokenRule(password);
  if (rule) {
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${rule}`);
  }
}

function brokenRule(password: string): string | undefined {
  const characters = [...password];
  if (characters.length < PASSWORD_LENGTH_MIN) {
    return 'Password not long enough';
  }
  if (characters.length > PASSWORD_LENGTH_MAX) {
    return 'Password is too long';
  }
  if (password.trim() !== password) {
    return 'Password must not begin or end with a space';
  }
  if (!/[a-z]/.test(password)) {
    return 'Password must have lowercase characters';
  }
  if (!/[A-Z]/.test(password)) {
    return 'Password must have uppercase characters';
  }
  if (!/[0-9]/.test(password)) {
    return 'Password must have numeric characters';
  }
  if (!characters.some((character) => symbols.has(character))) {
    return 'Password must have symbol characters';
  }
  return undefined;
}
