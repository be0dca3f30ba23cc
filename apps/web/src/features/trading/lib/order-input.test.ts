import { describe, expect, it } from 'vitest';
import { orderShapeProblems, type ProductId } from '@tessera/contracts';
import { ApiError } from '../../../lib/api.ts';
import {
  allowedTimesInForce,
  draftProblems,
  normalizeDecimal,
  refusalCodeOf,
  toOrderRequest,
  tradingErrorMessage,
  type OrderDraft,
} from './order-input.ts';

const NOW_MS = Date.parse('2026-11-21T12:00:00Z');
const product = 'ETH-EUR_tessera' as ProductId;

function draft(patch: Partial<OrderDraft> = {}): OrderDraft {
  return {
    side: 'buy',
    type: 'limit',
    sizeMode: 'quantity',
    size: '0.5',
    limitPrice: '3000.25',
    stopPrice: '',
    trailMode: 'percent',
    trail: '',
    timeInForce: 'DAY',
    expiresAt: '',
    ...patch,
  };
}

describe('typed decimals', () => {
  it('reads a French comma as the decimal separator and refuses anything else', () => {
    expect(normalizeDecimal(' 0,5 ')).toBe('0.5');
    expect(normalizeDecimal('3000.25')).toBe('3000.25');
    for (const bad of ['', '0', '0.00', '-1', '1e3', '1.2.3', '1,2,3', '12 000', 'abc']) {
      expect(normalizeDecimal(bad)).toBeNull();
    }
  });
});

describe('order drafts', () => {
  it('names the field of every missing or invalid value', () => {
    const problems = draftProblems(
      draft({
        type: 'stop_limit',
        size: '',
        limitPrice: 'x',
        stopPrice: '',
        timeInForce: 'GTD',
        expiresAt: '2026-11-20T10:00',
      }),
      NOW_MS,
    );
    expect(problems.map((problem) => problem.field).sort()).toEqual([
      'expiresAt',
      'limitPrice',
      'size',
      'stopPrice',
    ]);
  });

  it('refuses fill or kill without a limit price, as the service does', () => {
    expect(allowedTimesInForce('market')).not.toContain('FOK');
    expect(draftProblems(draft({ type: 'market', timeInForce: 'FOK' }), NOW_MS)).toEqual([
      { field: 'timeInForce', key: 'fokNeedsLimit' },
    ]);
  });

  it("builds requests that pass the contract's shape rules for every order type", () => {
    const drafts: OrderDraft[] = [
      draft(),
      draft({ type: 'market', sizeMode: 'amount', size: '100' }),
      draft({ type: 'stop', stopPrice: '2900' }),
      draft({ type: 'stop_limit', stopPrice: '2900', limitPrice: '2890', timeInForce: 'FOK' }),
      draft({ type: 'trailing_stop', trail: '1,5', side: 'sell' }),
      draft({ type: 'trailing_stop', trailMode: 'amount', trail: '25' }),
      draft({ timeInForce: 'GTD', expiresAt: '2026-12-01T17:30' }),
    ];
    for (const item of drafts) {
      expect(draftProblems(item, NOW_MS)).toEqual([]);
      const request = toOrderRequest(product, item);
      expect(orderShapeProblems(request)).toEqual([]);
    }
    expect(toOrderRequest(product, draft({ type: 'trailing_stop', trail: '1,5' }))).toMatchObject({
      trailPercent: '1.5',
    });
    expect(toOrderRequest(product, draft({ type: 'market', sizeMode: 'amount', size: '100' }))).toMatchObject(
      {
        notional: '100',
      },
    );
  });
});

describe('trading errors', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key}${options && 'time' in options ? `(${String(options['time'])})` : ''}`;

  it('says when a closed market opens again', () => {
    const error = new ApiError('TRADING_MARKET_CLOSED', 422, '', { nextOpenAt: '2026-11-23T14:30:00.000Z' });
    const message = tradingErrorMessage(t, error, 'en');
    expect(message).toMatch(/^errors:api\.TRADING_MARKET_CLOSED trading:errors\.nextOpen\(.*2026.*\)$/);
  });

  it('falls back to the generic message for anything that is not an API error', () => {
    expect(tradingErrorMessage(t, new Error('boom'), 'fr')).toBe('errors:api.INTERNAL');
  });
});

describe('refusalCodeOf', () => {
  it('names the refusals the same order would meet again, and nothing else', () => {
    expect(refusalCodeOf(new ApiError('TRADING_MARKET_CLOSED', 422, ''))).toBe('TRADING_MARKET_CLOSED');
    expect(refusalCodeOf(new ApiError('TRADING_KYC_LEVEL_REQUIRED', 403, ''))).toBe(
      'TRADING_KYC_LEVEL_REQUIRED',
    );
    expect(refusalCodeOf(new ApiError('TRADING_NO_REFERENCE_PRICE', 503, ''))).toBeNull();
    expect(refusalCodeOf(new ApiError('TRADING_CLIENT_ORDER_ID_REUSED', 409, ''))).toBeNull();
    expect(refusalCodeOf(new Error('offline'))).toBeNull();
  });
});
