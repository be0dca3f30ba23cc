/**
 * The client side of Cognito's device SRP, written from aws-amplify's algorithm (AuthenticationHelper,
 * getPasswordAuthenticationKey, getSignatureString, getDeviceSecretVerifierConfig) for the tests: it computes the
 * verifier a browser would register and the claim it would sign, independently of the server's code (its own
 * padding, hashing and HKDF written out with HMAC).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const Nhex =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
const N = BigInt(`0x${Nhex}`);
const g = 2n;

function padHex(value: bigint): string {
  const hex = value.toString(16);
  const even = hex.length % 2 === 1 ? `0${hex}` : hex;
  return '89abcdef'.includes(even[0]!) ? `00${even}` : even;
}
const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const sha256Text = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % N) + N) % N;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) {
      result = (result * b) % N;
    }
    b = (b * b) % N;
  }
  return result;
}

/** What ConfirmDevice sends, and the secret the browser keeps. */
export function deviceVerifier(deviceGroupKey: string, deviceKey: string) {
  const randomPassword = randomBytes(40).toString('base64');
  const hashed = sha256Text(`${deviceGroupKey}${deviceKey}:${randomPassword}`);
  const salt = padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
  const x = BigInt(`0x${sha256Hex(salt + hashed)}`);
  const verifier = power(g, x);
  return {
    randomPassword,
    config: {
      PasswordVerifier: Buffer.from(padHex(verifier), 'hex').toString('base64'),
      Salt: Buffer.from(salt, 'hex').toString('base64'),
    },
  };
}

/** Amplify's getNowString: "Tue Nov 21 09:05:03 UTC 2026". */
export function nowString(date = new Date()): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** A device SRP session: A to send first, then the signature over the server's challenge. */
export function deviceSrpSession() {
  // 256 random bits: as strong as the session needs, and quick in a test (Amplify draws more).
  const a = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const A = power(g, a);
  return {
    srpA: A.toString(16),
    sign(input: {
      deviceGroupKey: string;
      deviceKey: string;
      randomPassword: string;
      srpB: string;
      salt: string;
      secretBlock: string;
      timestamp: string;
    }): string {
      const B = BigInt(`0x${input.srpB}`);
      const u = BigInt(`0x${sha256Hex(padHex(A) + padHex(B))}`);
      const k = BigInt(`0x${sha256Hex(padHex(N) + padHex(g))}`);
      const hashed = sha256Text(`${input.deviceGroupKey}${input.deviceKey}:${input.randomPassword}`);
      const x = BigInt(`0x${sha256Hex(padHex(BigInt(`0x${input.salt}`)) + hashed)}`);
      const S = power(B - k * power(g, x), a + u * x);
      const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
        .update(Buffer.from(padHex(S), 'hex'))
        .digest();
      const key = createHmac('sha256', prk)
        .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
        .digest()
        .subarray(0, 16);
      const message = Buffer.concat([
        Buffer.from(input.deviceGroupKey, 'utf8'),
        Buffer.from(input.deviceKey, 'utf8'),
        Buffer.from(input.secretBlock, 'base64'),
        Buffer.from(input.timestamp, 'utf8'),
      ]);
      return createHmac('sha256', key).update(message).digest('base64');
    },
  };
}
