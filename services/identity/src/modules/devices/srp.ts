/**
 * The server side of the device SRP proof (DEVICE_SRP_AUTH then DEVICE_PASSWORD_VERIFIER), as aws-amplify's
 * client computes it: SRP-6a over the RFC 5054 3072-bit group with g = 2 and SHA-256, the key derived from S and
 * u with HKDF-SHA256 ("Caldera Derived Key", 16 bytes), and the claim an HMAC-SHA256 over
 * device group key || device key || secret block || timestamp. Numbers are hashed as Amplify pads them
 * (even-length hex, a 00 byte before a high nibble of 8 or more).
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 5054 appendix A, 3072-bit group. */
export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** Amplify's getPaddedHex: even-length hex, with 00 before a leading 8-f so the number reads as positive. */
export function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) {
    hex = `0${hex}`;
  }
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of the bytes of a hex string, as hex. */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** (base ** exponent) mod modulus by square-and-multiply on BigInt. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) {
      result = (result * b) % modulus;
    }
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** k = H(N || g), the SRP-6a multiplier. */
export const k = BigInt(`0x${hashHex(paddedHex(N) + paddedHex(g))}`);

/** u = H(A || B). */
export function scramble(A: bigint, B: bigint): bigint {
  return BigInt(`0x${hashHex(paddedHex(A) + paddedHex(B))}`);
}

/** The server's ephemeral pair for a device verifier: b secret, B = k·v + g^b. */
export function serverEphemeral(verifier: bigint): { b: bigint; B: bigint } {
  for (;;) {
    const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
    const B = (k * verifier + modPow(g, b, N)) % N;
    if (B % N !== 0n) {
      return { b, B };
    }
  }
}

/** The 16-byte key both sides derive: HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key"). */
export function derivedKey(S: bigint, u: bigint): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(paddedHex(S), 'hex'),
      Buffer.from(paddedHex(u), 'hex'),
      'Caldera Derived Key',
      16,
    ),
  );
}

/** The claim signature: base64 HMAC-SHA256(key, poolName || userId || secretBlock || timestamp). */
export function claimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
) {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

/**
 * Verifies a device's proof. Returns false (never throws) for A ≡ 0 mod N (which would force S = 0), a malformed
 * A, or a wrong signature; the comparison is constant-time.
 */
export function verifyDeviceClaim(input: {
  verifierHex: string;
  b: bigint;
  B: bigint;
  srpAHex: string;
  deviceGroupKey: string;
  deviceKey: string;
  secretBlock: string;
  timestamp: string;
  signature: string;
}): boolean {
  if (!/^[0-9a-fA-F]{1,1600}$/.test(input.srpAHex)) {
    return false;
  }
  const A = BigInt(`0x${input.srpAHex}`);
  if (A % N === 0n) {
    return false;
  }
  const v = BigInt(`0x${input.verifierHex}`);
  const u = scramble(A, input.B);
  if (u === 0n) {
    return false;
  }
  const S = modPow(A * modPow(v, u, N), input.b, N);
  const expected = claimSignature(
    derivedKey(S, u),
    input.deviceGroupKey,
    input.deviceKey,
    input.secretBlock,
    input.timestamp,
  );
  const given = Buffer.from(input.signature, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
