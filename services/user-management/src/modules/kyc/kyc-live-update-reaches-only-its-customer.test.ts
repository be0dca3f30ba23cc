/**
 * The customer hears of a decision live: approving a case sends `kyc.updated` with the new status and level on the
 * user-management socket of that customer, and of no one else (the web app then refetches /me and the limits, so
 * they rise without a reload).
 */
import { randomUUID } from 'node:crypto';
import type { KycServerMessage } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMPLETE_LEVEL_2, PNG_BYTES, startKycApp } from './kyc-test-support.ts';

describeEachDatabase('KYC live updates', ({ createDatabase }) => {
  let started: Awaited<ReturnType<typeof startKycApp>>;
  let base: string;

  beforeAll(async () => {
    started = await startKycApp(await createDatabase());
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    const address = started.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return () => started.app.close();
  }, 120_000);

  const listen = async (token: string) => {
    const socket = new WebSocket(`${base}/api/user-management/ws`);
    const received: KycServerMessage[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    await expect.poll(() => received.some((message) => message.type === 'ready')).toBe(true);
    return { socket, received };
  };

  const call = async (token: string, method: 'PUT' | 'POST', url: string, payload?: object) => {
    const response = await started.app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string };
  };

  it('tells the approved customer their new level, and nobody else', async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    const anaToken = await started.issuer.sign(ana);
    const anaSocket = await listen(anaToken);
    const leoSocket = await listen(await started.issuer.sign(leo));
    await call(anaToken, 'PUT', '/kyc/application', COMPLETE_LEVEL_2);
    for (const slot of ['front', 'selfie']) {
      const uploaded = await started.app.inject({
        method: 'PUT',
        url: `/api/user-management/kyc/application/files/${slot}`,
        headers: { authorization: `Bearer ${anaToken}`, 'content-type': 'image/png' },
        payload: PNG_BYTES,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const { id } = await call(anaToken, 'POST', '/kyc/application/submit');
    const reviewer = await started.issuer.sign(randomUUID(), { groups: ['kyc_reviewer'] });
    await call(reviewer, 'POST', `/staff/kyc/cases/${id}/decision`, { decision: 'approve' });
    await expect
      .poll(() => anaSocket.received.filter((message) => message.type === 'kyc.updated'))
      .toEqual([
        { type: 'kyc.updated', status: 'in_progress', level: 0 },
        { type: 'kyc.updated', status: 'submitted', level: 0 },
        { type: 'kyc.updated', status: 'approved', level: 2 },
      ]);
    expect(leoSocket.received.filter((message) => message.type !== 'ready')).toEqual([]);
    anaSocket.socket.close();
    leoSocket.socket.close();
  });
});
