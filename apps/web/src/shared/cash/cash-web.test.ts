import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { CASH_ERROR_CODES, CASH_RAIL_ERROR_CODES, PROCESSOR_SIM_ERROR_CODES } from '@tessera/contracts';
import { ApiError } from '../../lib/api.ts';
import { amountErrorCode, codeMessage, errorMessage, isStepUpRequired } from '../../lib/error-message.ts';
import { amountInputError, formatAmountText, formatRateText, normalizeAmountInput } from '../../lib/money.ts';
import { LIVE_RECONNECT_MAX_DELAY_MS, reconnectDelayMs } from '../../lib/customer-socket.ts';
import { applyLiveMessage, liveUrl } from './live-updates.ts';
import { cashKeys } from './api/cash-request.ts';

const LANG_DIR = join(import.meta.dirname, '../../../public/lang');
const errorsOf = (language: string) =>
  (
    JSON.parse(readFileSync(join(LANG_DIR, language, 'errors.json'), 'utf8')) as {
      api: Record<string, string>;
    }
  ).api;

describe('cash error codes', () => {
  it.each(['en', 'fr'])(
    'every code cash operations and the processor answer with has a %s message',
    (language) => {
      const api = errorsOf(language);
      const missing = [...CASH_ERROR_CODES, ...CASH_RAIL_ERROR_CODES, ...PROCESSOR_SIM_ERROR_CODES].filter(
        (code) => !api[code],
      );
      expect(missing).toEqual([]);
    },
  );

  it('maps the rejections of a typed amount to the codes the service would answer', () => {
    expect(amountInputError('-5', 'EUR')).toBe('MONEY_NEGATIVE');
    expect(amountErrorCode('MONEY_NEGATIVE')).toBe('CASH_AMOUNT_NEGATIVE');
    expect(amountErrorCode(amountInputError('0', 'EUR') ?? '')).toBe('CASH_AMOUNT_NOT_POSITIVE');
    expect(amountErrorCode(amountInputError('1.234', 'EUR') ?? '')).toBe('CASH_AMOUNT_TOO_MANY_DECIMALS');
    expect(amountErrorCode(amountInputError('abc', 'EUR') ?? '')).toBe('CASH_AMOUNT_NOT_A_NUMBER');
    expect(amountErrorCode(amountInputError('9'.repeat(60), 'EUR') ?? '')).toBe('CASH_AMOUNT_TOO_LARGE');
    expect(amountErrorCode(amountInputError('', 'EUR') ?? '')).toBe('CASH_AMOUNT_REQUIRED');
    expect(amountInputError('12,50', 'EUR')).toBeNull();
    expect(normalizeAmountInput(' 12,50 ', 'EUR')).toBe('12.50');
    expect(amountInputError('0.000000000000000001', 'ETH')).toBeNull();
  });

  it('translates a service error by its code, and an unknown code with the generic text', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'errors:api.CASH_INSUFFICIENT_FUNDS' ? 'not enough' : String(options?.['defaultValue'] ?? key);
    expect(errorMessage(t, new ApiError('CASH_INSUFFICIENT_FUNDS', 422, 'raw server text'))).toBe(
      'not enough',
    );
    expect(codeMessage(t, 'SOMETHING_NEW')).toBe('errors:api.UNKNOWN');
    expect(errorMessage(t, new Error('boom'))).toBe('errors:api.UNKNOWN');
    expect(isStepUpRequired(new ApiError('CASH_STEP_UP_REQUIRED', 403, ''))).toBe(true);
    expect(isStepUpRequired(new ApiError('CASH_INSUFFICIENT_FUNDS', 422, ''))).toBe(false);
  });
});

describe('amounts on screen', () => {
  it('formats decimal strings exactly in English and French', () => {
    expect(formatAmountText('1234.50', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmountText('1234.50', 'EUR', 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatAmountText('-12.00', 'USD', 'en')).toBe('-$12.00');
    expect(formatAmountText('0.25000000', 'BTC', 'en')).toBe('0.25\u00a0BTC');
    // 18 decimals survive: a float would print 1.2345678901234568.
    expect(formatAmountText('1.234567890123456789', 'ETH', 'fr')).toBe('1,234567890123456789\u00a0ETH');
    expect(formatAmountText('5.00', 'EUR', 'en', { signDisplay: 'exceptZero' })).toBe('+€5.00');
  });
});

describe('rates on screen', () => {
  it('shows six significant digits, at least two decimals, never more than the rate has', () => {
    expect(formatRateText('0.92604155', 'en')).toBe('0.926042');
    expect(formatRateText('88267.23237586', 'en')).toBe('88,267.23');
    expect(formatRateText('88267.23237586', 'fr')).toBe('88\u202f267,23');
    expect(formatRateText('1.08421349', 'fr')).toBe('1,08421');
    expect(formatRateText('0.00001133433500', 'en')).toBe('0.0000113343');
    expect(formatRateText('1.1', 'en')).toBe('1.1');
  });
});

describe('live updates', () => {
  it('reconnects with a doubling delay from 100 ms, capped at 10 s, with jitter', () => {
    expect(reconnectDelayMs(0, () => 1)).toBe(100);
    expect(reconnectDelayMs(3, () => 1)).toBe(800);
    expect(reconnectDelayMs(3, () => 0)).toBe(400);
    expect(reconnectDelayMs(40, () => 1)).toBe(LIVE_RECONNECT_MAX_DELAY_MS);
  });

  it('opens the socket on the page origin, or on the configured service origin', () => {
    const config = { services: { cashOperations: '/api/cash-operations' } } as never;
    expect(liveUrl(config, { protocol: 'https:', host: 'bank.test' })).toBe(
      'wss://bank.test/api/cash-operations/ws',
    );
    expect(liveUrl(config, { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/cash-operations/ws',
    );
    const remote = { services: { cashOperations: 'https://cash.bank.test/api' } } as never;
    expect(liveUrl(remote, { protocol: 'http:', host: 'x' })).toBe('wss://cash.bank.test/api/ws');
  });

  it('marks the changed wallet, the wallet list and the summary stale, and nothing of another wallet', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(cashKeys.wallets(), []);
    queryClient.setQueryData(cashKeys.summary(), {});
    queryClient.setQueryData(cashKeys.activity('w-1', {}), {});
    queryClient.setQueryData(cashKeys.activity('w-2', {}), {});
    queryClient.setQueryData(['portfolio', 'history', '1M'], {});
    applyLiveMessage(queryClient, { type: 'operation.changed', id: 'op', walletId: 'w-1', status: 'posted' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(cashKeys.wallets())).toBe(true);
    expect(stale(cashKeys.summary())).toBe(true);
    expect(stale(cashKeys.activity('w-1', {}))).toBe(true);
    expect(stale(cashKeys.activity('w-2', {}))).toBe(false);
    // The home's portfolio value holds the same wallets (issue #15).
    expect(stale(['portfolio', 'history', '1M'])).toBe(true);
  });
});
