import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, formatScore, shareLink } from './studio-format.ts';

describe('studio formats', () => {
  it('writes times on task with tenths under a minute, then minutes and seconds, then hours', () => {
    const nbsp = '\u00a0';
    expect(formatDuration(0, 'en')).toBe(`0.0${nbsp}s`);
    expect(formatDuration(42_567, 'en')).toBe(`42.5${nbsp}s`);
    expect(formatDuration(42_567, 'fr')).toBe(`42,5${nbsp}s`);
    expect(formatDuration(187_000, 'en')).toBe(`3${nbsp}min 07${nbsp}s`);
    expect(formatDuration(3_720_000, 'fr')).toBe(`1${nbsp}h 02${nbsp}min`);
  });

  it('writes rates and SUS scores in the reader language', () => {
    expect(formatRate(2 / 3, 'en')).toBe('67%');
    expect(formatRate(2 / 3, 'fr')).toMatch(/^67\s%$/);
    expect(formatScore(72.5, 'fr')).toBe('72,5');
    expect(formatScore(68.33, 'en')).toBe('68.33');
  });

  it('builds the participant link on the given origin, never on another host', () => {
    const id = '3f0c1c44-54a6-4d1e-9a55-6f1bd1f1f0a1';
    expect(shareLink(`/?oruxt=${id}`, 'https://bank.example')).toBe(`https://bank.example/?oruxt=${id}`);
    expect(shareLink(`/dashboard/home?oruxt=${id}`, 'http://127.0.0.1:3000')).toBe(
      `http://127.0.0.1:3000/dashboard/home?oruxt=${id}`,
    );
    expect(shareLink(`//evil.example/x?oruxt=${id}`, 'https://bank.example')).toBe(
      `https://bank.example/x?oruxt=${id}`,
    );
  });
});
