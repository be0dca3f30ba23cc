import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/**
 * Reads the newest code sent to `recipient` from the development mailbox (/dev/mailbox), as a person signing up
 * without a mail server would. `sentAfter` (an ISO time) skips codes sent before a request, so a journey never
 * types an older code that happens to be in the mailbox already.
 */
export async function readLatestCode(
  request: APIRequestContext,
  recipient: string,
  options: { sentAfter?: string } = {},
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const html = await (await request.get('/dev/mailbox')).text();
    const messages = html.split('<li class="message">').slice(1);
    const found = messages
      .filter((message) => message.includes(`<dd>${recipient}</dd>`))
      .map((message) => ({
        at: /datetime="([^"]+)"/.exec(message)?.[1] ?? '',
        code: /\b(\d{6})\b/.exec(message.replace(/<time[^>]*>.*?<\/time>/, ''))?.[1],
      }))
      .filter((message) => message.code && (!options.sentAfter || message.at > options.sentAfter))
      .sort((a, b) => b.at.localeCompare(a.at));
    if (found[0]?.code) {
      return found[0].code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${recipient} in the mailbox`);
}

/** RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits) from a base32 secret, as an authenticator app computes it. */
export function totp(secretBase32: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const hmac = createHmac('sha1', bytes).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** A fresh e-mail address for one journey. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}
