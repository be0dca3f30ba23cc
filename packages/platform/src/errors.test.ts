import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  defineError,
  listErrorDefinitions,
  NotFoundError,
  parseOrThrow,
  ValidationFailedError,
} from './errors.ts';

describe('defineError', () => {
  const InsufficientFunds = defineError('TEST_INSUFFICIENT_FUNDS', 422, 'The account has too little money.');

  it('makes AppErrors with a literal code, the status and the default message', () => {
    const error = new InsufficientFunds();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'TEST_INSUFFICIENT_FUNDS', statusCode: 422, details: {} });
    expect(error.message).toBe('The account has too little money.');
    expect(error.name).toBe('TestInsufficientFundsError');
    expect(InsufficientFunds.is(error)).toBe(true);
    expect(InsufficientFunds.is(new NotFoundError())).toBe(false);
  });

  it('keeps a specific message, details and cause', () => {
    const cause = new Error('inner');
    const error = new InsufficientFunds('Short by 5 EUR.', { shortfall: '5.00' }, { cause });
    expect(error).toMatchObject({ message: 'Short by 5 EUR.', details: { shortfall: '5.00' }, cause });
  });

  it('lists every defined code for the API docs, common ones included', () => {
    const codes = listErrorDefinitions().map((definition) => definition.code);
    for (const code of [
      'VALIDATION_FAILED',
      'NOT_FOUND',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'CONFLICT',
      'IDEMPOTENCY_KEY_REUSED',
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'INTERNAL',
      'NOT_READY',
      'TEST_INSUFFICIENT_FUNDS',
    ]) {
      expect(codes).toContain(code);
    }
    expect(listErrorDefinitions().find((d) => d.code === 'IDEMPOTENCY_KEY_REUSED')?.statusCode).toBe(422);
  });

  it('refuses to give one code two meanings, bad code names and non-error statuses', () => {
    expect(() => defineError('TEST_INSUFFICIENT_FUNDS', 409, 'Another meaning.')).toThrow(/already defined/);
    expect(() =>
      defineError('TEST_INSUFFICIENT_FUNDS', 422, 'The account has too little money.'),
    ).not.toThrow();
    expect(() => defineError('lower_case', 400, 'x')).toThrow(/SCREAMING_SNAKE_CASE/);
    expect(() => defineError('TEST_OK', 200, 'x')).toThrow(/4xx or 5xx/);
  });
});

describe('parseOrThrow', () => {
  it('returns parsed data or throws VALIDATION_FAILED with path and message per issue', () => {
    const schema = z.object({ amount: z.string().regex(/^\d+$/), note: z.string().max(3).optional() });
    expect(parseOrThrow(schema, { amount: '10' })).toEqual({ amount: '10' });
    try {
      parseOrThrow(schema, { amount: 'ten', note: 'too long' });
      expect.unreachable();
    } catch (error) {
      expect(ValidationFailedError.is(error)).toBe(true);
      const issues = (error as AppError).details['issues'] as Array<{ path: string; message: string }>;
      expect(issues.map((issue) => issue.path)).toEqual(['amount', 'note']);
      expect(issues.every((issue) => typeof issue.message === 'string' && issue.message.length > 0)).toBe(
        true,
      );
    }
  });
});
