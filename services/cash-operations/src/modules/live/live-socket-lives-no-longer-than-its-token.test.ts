/**
 * Regression: a socket authenticated with an access token kept receiving the customer's events after the token
 * expired, and a second `auth` message (while the first was checked) subscribed the same socket to a second
 * account. Now the socket is closed at the token's `exp` (4401, reason "token expired"; the client reconnects with
 * a fresh token), and any second `auth` is refused and closes the socket.
 */
import { type CashServerMessage, DEMO_USER_IDS } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildCashTestApp, type CashTestApp } from '../accounts/cash-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const leo = DEMO_USER_IDS.freshCustomer;

describeEachDatabase('cash operations websocket: one token, one account', ({ createDatabase }) => {
  let harness: CashTestApp;
  let base: string;

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase());
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return () => harness.app.close();
  }, 120_000);

  /** An open socket that keeps what it receives and how it closed. */
  const open = async () => {
    const socket = new WebSocket(`${base}/api/cash-operations/ws`);
    const received: CashServerMessage[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const auth = (token: string) => socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    return { socket, received, closed, auth };
  };

  const createWallet = async (userId: string, asset: string) => {
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/cash-operations/wallets',
      headers: {
        authorization: `Bearer ${await harness.issuer.sign(userId)}`,
        'idempotency-key': `${userId}-${asset}`,
      },
      payload: { asset },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };

  it('closes the socket at the token expiry; a fresh token connects again', async () => {
    const expiring = await open();
    expiring.auth(await harness.issuer.sign(ana, { expiresInS: 2 }));
    await expect.poll(() => expiring.received.some((message) => message.type === 'ready')).toBe(true);
    expect(await expiring.closed).toEqual({ code: 4401, reason: 'token expired' });
    expect(expiring.received.at(-1)).toEqual({ type: 'error', code: 'TOKEN_EXPIRED' });

    // Events after the expiry reach the fresh socket only.
    const fresh = await open();
    fresh.auth(await harness.issuer.sign(ana));
    await expect.poll(() => fresh.received.some((message) => message.type === 'ready')).toBe(true);
    const count = expiring.received.length;
    const walletId = await createWallet(ana, 'CHF');
    await expect
      .poll(() => fresh.received.some((m) => m.type === 'wallet.changed' && m.walletId === walletId))
      .toBe(true);
    expect(expiring.received).toHaveLength(count);
    fresh.socket.close();
  }, 20_000);

  it('refuses an already expired token', async () => {
    const socket = await open();
    socket.auth(await harness.issuer.sign(ana, { expiresInS: -1 }));
    expect((await socket.closed).code).toBe(4401);
    expect(socket.received.some((message) => message.type === 'ready')).toBe(false);
  });

  it('refuses a second auth after ready and closes the socket', async () => {
    const socket = await open();
    socket.auth(await harness.issuer.sign(ana));
    await expect.poll(() => socket.received.some((message) => message.type === 'ready')).toBe(true);
    socket.auth(await harness.issuer.sign(leo));
    expect(await socket.closed).toEqual({ code: 4401, reason: 'ALREADY_AUTHENTICATED' });
    expect(socket.received).toEqual([
      { type: 'ready', userId: ana },
      { type: 'error', code: 'ALREADY_AUTHENTICATED' },
    ]);
  });

  it('refuses a second auth sent while the first is checked: the socket never serves two accounts', async () => {
    const socket = await open();
    const [anaToken, leoToken] = await Promise.all([harness.issuer.sign(ana), harness.issuer.sign(leo)]);
    socket.auth(anaToken);
    socket.auth(leoToken);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'ALREADY_AUTHENTICATED' });
    expect(socket.received).toEqual([{ type: 'error', code: 'ALREADY_AUTHENTICATED' }]);
    // Leo's events go to Leo's own socket, and the refused one was never registered for anyone.
    const leoSocket = await open();
    leoSocket.auth(leoToken);
    await expect.poll(() => leoSocket.received.some((message) => message.type === 'ready')).toBe(true);
    const walletId = await createWallet(leo, 'GBP');
    await expect
      .poll(() => leoSocket.received.some((m) => m.type === 'wallet.changed' && m.walletId === walletId))
      .toBe(true);
    expect(socket.received).toHaveLength(1);
    leoSocket.socket.close();
  });
});
