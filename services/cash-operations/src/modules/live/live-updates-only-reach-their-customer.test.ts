import {
  CASH_ASSET_CODES,
  CASH_ERROR_CODES,
  DEMO_USER_IDS,
  type CashServerMessage,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { ASSET_REGISTRY } from '@tessera/money';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildCashTestApp, type CashTestApp } from '../accounts/cash-test-app.ts';
import * as coreErrors from '../../errors.ts';

describe('the cash operations contract', () => {
  it('offers a wallet for every registry asset, and documents exactly the codes the core defines', () => {
    expect([...CASH_ASSET_CODES].sort()).toEqual([...ASSET_REGISTRY.keys()].sort());
    const defined = Object.values(coreErrors).map((error) => error.code);
    expect(defined.sort()).toEqual([...CASH_ERROR_CODES].sort());
  });
});

describeEachDatabase('cash operations websocket', ({ createDatabase }) => {
  let harness: CashTestApp;
  let base: string;

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase());
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return () => harness.app.close();
  }, 120_000);

  /** Opens a socket, authenticates, and collects what arrives. */
  const connect = async (token: string) => {
    const socket = new WebSocket(`${base}/api/cash-operations/ws`);
    const received: CashServerMessage[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    await expect.poll(() => received.some((message) => message.type === 'ready')).toBe(true);
    return { socket, received };
  };

  it('delivers each customer only their own wallet and operation events', async () => {
    const ana = await connect(await harness.issuer.sign(DEMO_USER_IDS.verifiedCustomer));
    const leo = await connect(await harness.issuer.sign(DEMO_USER_IDS.freshCustomer));
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/cash-operations/wallets',
      headers: {
        authorization: `Bearer ${await harness.issuer.sign(DEMO_USER_IDS.freshCustomer)}`,
        'idempotency-key': 'leo-usd',
      },
      payload: { asset: 'USD' },
    });
    expect(created.statusCode).toBe(201);
    await expect
      .poll(() => leo.received.some((m) => m.type === 'wallet.changed' && m.walletId === created.json().id))
      .toBe(true);
    expect(ana.received.filter((message) => message.type !== 'ready')).toEqual([]);
    ana.socket.close();
    leo.socket.close();
  });

  it('closes a socket whose token is refused', async () => {
    const socket = new WebSocket(`${base}/api/cash-operations/ws`);
    const received: CashServerMessage[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', accessToken: 'not-a-token' }));
    expect(await closed).toBe(4401);
    expect(received).toEqual([{ type: 'error', code: 'UNAUTHENTICATED' }]);
  });
});
