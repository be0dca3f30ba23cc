import { describe, expect, it } from 'vitest';
import {
  acceptWebsocketMessage,
  capHref,
  compareVersions,
  newTabId,
  recordedHref,
  recordedUrl,
  trackerVersionWarning,
  truncateLabel,
  withoutUrlSecrets,
} from './rules.ts';

describe('section 5 rules', () => {
  it('blanks an href over 100000 characters only', () => {
    expect(capHref('a'.repeat(100_000))).toHaveLength(100_000);
    expect(capHref('a'.repeat(100_001))).toBe('');
  });

  it('truncates labels to 100 characters', () => {
    expect(truncateLabel('l'.repeat(101))).toHaveLength(100);
    expect(truncateLabel('Amount')).toBe('Amount');
  });

  it('drops websocket messages over 5242880 characters or with a channel name over 255', () => {
    expect(acceptWebsocketMessage('c'.repeat(255), 5_242_880)).toBe(true);
    expect(acceptWebsocketMessage('c'.repeat(256), 1)).toBe(false);
    expect(acceptWebsocketMessage('quotes', 5_242_881)).toBe(false);
  });
});

describe('versions', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('15.1.1', '14.0.10')).toBeGreaterThan(0);
    expect(compareVersions('14.0.9', '14.0.10')).toBeLessThan(0);
    expect(compareVersions('15.1.1', '15.1.1')).toBe(0);
  });

  it('warns when a plugin needs a newer tracker, not otherwise', () => {
    expect(trackerVersionWarning('assist', '14.0.10')).toBeNull();
    expect(trackerVersionWarning('assist')).toBeNull();
    expect(trackerVersionWarning('assist', '16.0.0')).toMatch(/below 16\.0\.0/u);
  });
});

describe('recordedUrl', () => {
  it('keeps the path and query keys, never query values, and obscures identifiers in the path', () => {
    const origin = 'https://bank.test';
    expect(recordedUrl('https://bank.test/api/wallets?owner=ana&page=2#x', origin)).toBe(
      '/api/wallets?owner=&page=',
    );
    expect(recordedUrl('/api/payees/FR7630006000011234567890189', origin)).toBe(
      '/api/payees/***************************',
    );
    expect(recordedUrl('https://cdn.test/a.js?v=1', origin)).toBe('https://cdn.test/a.js?v=');
  });
});

describe('withoutUrlSecrets', () => {
  it('removes query values, fragments and credentials from URLs in error stacks and messages, keeping frames', () => {
    const stack = [
      'TypeError: failed at https://bank.test/pay?iban=FR76&token=s3cret#frag',
      '    at load (https://bank.test/assets/app.js?v=9f2c&sig=abc:12:345)',
      '    at https://ana:hunter2@cdn.test/lib.js?key=k-123:7',
      '    at webpack://app/src/pay.ts?query=1:3:4',
    ].join('\n');
    const cleaned = withoutUrlSecrets(stack);
    expect(cleaned).toBe(
      [
        'TypeError: failed at https://bank.test/pay?iban=&token=',
        '    at load (https://bank.test/assets/app.js?v=&sig=:12:345)',
        '    at https://cdn.test/lib.js?key=:7',
        '    at webpack://app/src/pay.ts?query=:3:4',
      ].join('\n'),
    );
    for (const secret of ['s3cret', 'frag', 'hunter2', 'ana:', '9f2c', 'k-123']) {
      expect(cleaned).not.toContain(secret);
    }
    expect(withoutUrlSecrets('no url here: 12:34')).toBe('no url here: 12:34');
  });
});

describe('newTabId', () => {
  it('is 12 hexadecimal characters', () => {
    expect(newTabId()).toMatch(/^[0-9a-f]{12}$/u);
    expect(newTabId((a) => a.fill(255))).toBe('ffffffffffff');
  });
});

describe('recordedHref', () => {
  it('keeps the origin and path, drops query values and the fragment', () => {
    expect(recordedHref('https://bank.test/login?redirect=/x&code=123#top')).toBe(
      'https://bank.test/login?redirect=&code=',
    );
    expect(recordedHref('')).toBe('');
  });
});
