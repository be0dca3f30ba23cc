import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { device: 'desktop', browser: 'Chrome 131', os: 'Windows 10' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      { device: 'desktop', browser: 'Edge 131', os: 'Windows 10' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
      { device: 'desktop', browser: 'Safari 17', os: 'macOS 10' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { device: 'mobile', browser: 'Safari 17', os: 'iOS 17' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      { device: 'tablet', browser: 'Chrome 120', os: 'iOS 16' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { device: 'mobile', browser: 'Chrome 131', os: 'Android 14' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
      { device: 'tablet', browser: 'Samsung Internet 23', os: 'Android 13' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { device: 'desktop', browser: 'Firefox 133', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
      { device: 'desktop', browser: 'Opera 106', os: 'Windows 10' },
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      { device: 'desktop', browser: 'Chrome 120', os: 'ChromeOS' },
    ],
  ])('parses %s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('answers Other for a missing, empty, hostile or huge header', () => {
    const other = { device: 'other', browser: 'Other', os: 'Other' };
    expect(parseUserAgent(undefined)).toEqual(other);
    expect(parseUserAgent('')).toEqual(other);
    expect(parseUserAgent('curl/8.5.0')).toEqual(other);
    expect(parseUserAgent('\u0000\ud800'.repeat(10))).toEqual(other);
    expect(parseUserAgent(`Chrome/${'9'.repeat(100000)}`).browser).toBe('Chrome');
  });
});
