/** The usability tests' pure measures: median, p90, SUS, path patterns, measured success, CSV cells, byte ranges. */
import { susScore } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { parseRange } from './uxt-staff.routes.ts';
import { csvCell, mean, measuredSuccess, median, p90, pathMatches, ratio, toCsv } from './uxt.measures.ts';

describe('time on task', () => {
  it('takes the exact median: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([3000, 1000, 2000])).toBe(2000);
    expect(median([4000, 1000, 3000, 2000])).toBe(2500);
    expect(median([1, 2])).toBe(2); // 1.5 rounded to the ms
  });

  it('takes the nearest-rank 90th percentile (rank ceil(0.9 n))', () => {
    expect(p90([])).toBeNull();
    expect(p90([5])).toBe(5);
    const tens = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5].map((s) => s * 1000);
    expect(p90(tens)).toBe(9000);
    expect(median(tens)).toBe(5500);
    expect(p90([...tens, 11000])).toBe(10000); // n = 11: rank 10
    expect(p90([1, 2, 3])).toBe(3); // rank ceil(2.7) = 3
  });

  it('rounds ratios and means, null without a denominator', () => {
    expect(ratio(10, 11)).toBe(0.9091);
    expect(ratio(0, 0)).toBeNull();
    expect(mean([100, 75, 50])).toBe(75);
    expect(mean([])).toBeNull();
  });
});

describe('SUS', () => {
  it('scores odd items x - 1 and even items 5 - x, times 2.5', () => {
    expect(susScore([5, 1, 5, 1, 5, 1, 5, 1, 5, 1])).toBe(100);
    expect(susScore([1, 5, 1, 5, 1, 5, 1, 5, 1, 5])).toBe(0);
    expect(susScore([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(50);
    expect(susScore([4, 2, 4, 2, 4, 2, 4, 2, 4, 2])).toBe(75);
    expect(susScore([4, 1, 5, 2, 4, 2, 5, 1, 4, 3])).toBe(82.5);
    expect(() => susScore([1, 2, 3])).toThrow(RangeError);
  });
});

describe('path patterns', () => {
  it('matches whole paths with * in one segment and ** across segments', () => {
    expect(pathMatches('/pricing', '/pricing')).toBe(true);
    expect(pathMatches('/pricing', '/pricing/')).toBe(true);
    expect(pathMatches('/pricing', '/pricing/more')).toBe(false);
    expect(pathMatches('/api/wallets/*/transfers', '/api/wallets/42/transfers')).toBe(true);
    expect(pathMatches('/api/wallets/*/transfers', '/api/wallets/4/2/transfers')).toBe(false);
    expect(pathMatches('/help/**', '/help/en/opening-an-account')).toBe(true);
    expect(pathMatches('/help/**', '/helpdesk')).toBe(false);
    // Regular-expression characters in a pattern are literal.
    expect(pathMatches('/a.b', '/axb')).toBe(false);
  });
});

describe('measured success', () => {
  const network = (at: number, method: string, url: string, status: number) => ({
    type: 5,
    data: { tag: 'tessera.network', payload: { method, url, status, durationMs: 10 } },
    timestamp: at,
  });
  const page = (at: number, href: string) => ({
    type: 5,
    data: { tag: 'tessera.page', payload: { href, title: '', pageIndex: 0 } },
    timestamp: at,
  });
  const request = {
    kind: 'request' as const,
    method: 'POST' as const,
    path: '/api/transfers',
    status: '2xx' as const,
  };

  it('finds a matching request between the begin and done timestamps only', () => {
    expect(measuredSuccess(request, [network(150, 'POST', '/api/transfers', 201)], 100, 200)).toBe(true);
    expect(
      measuredSuccess(request, [network(150, 'post', 'https://bank.test/api/transfers?x=1', 200)], 100, 200),
    ).toBe(true);
    expect(measuredSuccess(request, [network(250, 'POST', '/api/transfers', 201)], 100, 200)).toBe(false);
    expect(measuredSuccess(request, [network(150, 'POST', '/api/transfers', 400)], 100, 200)).toBe(false);
    expect(measuredSuccess(request, [network(150, 'GET', '/api/transfers', 200)], 100, 200)).toBe(false);
  });

  it('finds a page view (our page event or an rrweb Meta event)', () => {
    const condition = { kind: 'page' as const, path: '/pricing' };
    expect(measuredSuccess(condition, [page(150, 'https://bank.test/pricing?x=1')], 100, 200)).toBe(true);
    expect(
      measuredSuccess(condition, [{ type: 4, data: { href: '/pricing' }, timestamp: 120 }], 100, 200),
    ).toBe(true);
    expect(measuredSuccess(condition, [page(150, 'https://bank.test/help')], 100, 200)).toBe(false);
    expect(measuredSuccess(condition, [{ type: 5, data: null, timestamp: 150 }], 100, 200)).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2'); // a number is not a formula
    expect(csvCell(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b,c', true],
      ]),
    ).toBe('a,1\r\n"b,c",true\r\n');
  });
});

describe('byte ranges', () => {
  it('reads bytes=a-b, a- and -n, and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=9-1', 100)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 100)).toBe('invalid');
    expect(parseRange('items=0-1', 100)).toBe('invalid');
  });
});
