import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpStep } from './totp.ts';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" with SHA-1; its 8-digit codes end in our 6.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 test vectors', () => {
    expect(hotp(rfcSecret, totpStep(59_000))).toBe('287082');
    expect(hotp(rfcSecret, totpStep(1_111_111_109_000))).toBe('081804');
    expect(hotp(rfcSecret, totpStep(1_234_567_890_000))).toBe('005924');
    expect(hotp(rfcSecret, totpStep(2_000_000_000_000))).toBe('279037');
  });

  it('accepts one step of drift either way, never a used step, never a malformed code', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(rfcSecret, hotp(rfcSecret, step - 1), 0, now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, hotp(rfcSecret, step + 1), 0, now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, hotp(rfcSecret, step + 2), 0, now)).toBeUndefined();
    expect(matchTotp(rfcSecret, hotp(rfcSecret, step), step, now)).toBeUndefined();
    expect(matchTotp(rfcSecret, '12345', 0, now)).toBeUndefined();
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});
