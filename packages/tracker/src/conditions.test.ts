import { describe, expect, it } from 'vitest';
import { conditionMatches, parseConditions } from './conditions.ts';

describe('conditions', () => {
  it('keeps well-formed conditions only', () => {
    expect(
      parseConditions({ conditions: [{ type: 'exception', operator: 'contains', value: 'x' }, 3, {}] }),
    ).toEqual([{ type: 'exception', operator: 'contains', value: 'x' }]);
    expect(parseConditions(null)).toEqual([]);
    expect(parseConditions({ conditions: 'all' })).toEqual([]);
  });

  it('matches by type and operator', () => {
    const url = { type: 'visited_url', operator: 'starts_with', value: '/dashboard/trading' };
    expect(conditionMatches(url, { type: 'visited_url', value: '/dashboard/trading/' })).toBe(true);
    expect(conditionMatches(url, { type: 'visited_url', value: '/dashboard/home/' })).toBe(false);
    expect(conditionMatches(url, { type: 'exception', value: '/dashboard/trading/' })).toBe(false);
    const long = { type: 'duration', operator: 'greater_than', value: ['60'] };
    expect(conditionMatches(long, { type: 'duration', value: 60 })).toBe(false);
    expect(conditionMatches(long, { type: 'duration', value: 61 })).toBe(true);
    const failing = { type: 'network_request', operator: 'greater_than', value: ['499'] };
    expect(conditionMatches(failing, { type: 'network_request', value: 503 })).toBe(true);
    expect(conditionMatches(failing, { type: 'network_request', value: 200 })).toBe(false);
    const any = { type: 'custom_event', operator: 'is', value: ['a', 'b'] };
    expect(conditionMatches(any, { type: 'custom_event', value: 'b' })).toBe(true);
  });

  it('never matches an unknown operator or a broken expression', () => {
    expect(
      conditionMatches(
        { type: 'exception', operator: 'eval', value: 'x' },
        { type: 'exception', value: 'x' },
      ),
    ).toBe(false);
    expect(
      conditionMatches(
        { type: 'exception', operator: 'matches', value: '(' },
        { type: 'exception', value: '(' },
      ),
    ).toBe(false);
  });
});
