/**
 * Programmer errors. An invariant that fails means the code is wrong, not the input: it is never caught to
 * carry on, it crashes the request (a 500 with a request id) so the bug is seen.
 */

/** Thrown by {@link invariant} and {@link assertNever}; `code` is stable so logs and alerts can match it. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
  readonly code = 'INVARIANT_VIOLATION';
}

/**
 * Asserts that `condition` holds; otherwise throws an {@link InvariantError} with `message`.
 * TypeScript narrows on it (`asserts condition`), so it doubles as a type guard.
 */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new InvariantError(message);
  }
}

/**
 * Marks a branch that the type checker proves unreachable, such as the default of an exhaustive switch.
 * If a value slips through at runtime (for example from untyped JSON) it throws instead of carrying on.
 */
export function assertNever(value: never, message = 'Unexpected value'): never {
  throw new InvariantError(`${message}: ${String(value)}`);
}
