/**
 * Regression: the simulators' /dev/… routes (an incoming SEPA credit, an incoming crypto transaction, blocks) were
 * mounted with NODE_ENV=production and open to staff there, so a support agent's token could credit any IBAN or
 * deposit address with any amount: money out of nothing, with no payer behind it. In production they are not
 * mounted at all (404; user management's old /dev/kyc-level is gone altogether). Importing a bank's camt.054 file
 * stays, for admins only, and books nothing until a second admin approves (camt054-one-person-can-mint-money.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { buildRailsTestApp } from './rails-test-app.ts';

const STAFF_ID = '7e5a0d0e-0099-4000-8000-0000000000a1';
const CUSTOMER_ID = '7e5a0d0e-0099-4000-8000-0000000000a2';

const DEV_ROUTES: ReadonlyArray<[string, object]> = [
  ['/api/cash-operations/dev/sepa/incoming', { iban: 'DE89 3704 0044 0532 0130 00', amount: '1000000.00' }],
  [
    '/api/cash-operations/dev/crypto/incoming',
    { asset: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '100' },
  ],
  ['/api/cash-operations/dev/crypto/blocks', { chain: 'bitcoin', count: 1 }],
];

describeEachDatabase('simulator routes by environment', ({ createDatabase }) => {
  it('mounts no /dev/ route with NODE_ENV=production, for staff or customers, and books nothing', async () => {
    const production = await buildRailsTestApp(
      await createDatabase(),
      { startWorker: false },
      { nodeEnv: 'production' },
    );
    try {
      const tokens = [
        await production.token(STAFF_ID, { groups: ['support_agent'] }),
        await production.token(STAFF_ID, { groups: ['admin'] }),
        await production.token(CUSTOMER_ID),
      ];
      const suspense = bankAccountId('EUR', 'suspense');
      const suspenseBefore = await production.available(suspense);
      for (const token of tokens) {
        for (const [url, body] of DEV_ROUTES) {
          const answer = await production.call('POST', url, {
            token,
            body,
            key: `k-${url}-${token.slice(-8)}`,
          });
          expect(answer.statusCode, `${url}: ${answer.body}`).toBe(404);
        }
      }
      expect((await production.verifyAll()).every((check) => check.ok)).toBe(true);
      expect(await production.available(suspense)).toBe(suspenseBefore);

      // The bank file import is still there for admins (pending a second admin), refused to everyone else.
      const camt = readFileSync(new URL('../../../fixtures/camt054-sample.xml', import.meta.url), 'utf8');
      for (const token of [tokens[0]!, tokens[2]!]) {
        const refused = await production.call('POST', '/api/cash-operations/sepa/camt054', {
          token,
          payload: camt,
          headers: { 'content-type': 'application/xml' },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
      const byAdmin = await production.call('POST', '/api/cash-operations/sepa/camt054', {
        token: tokens[1]!,
        payload: camt,
        headers: { 'content-type': 'application/xml' },
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      expect(byAdmin.json()).toMatchObject({ status: 'pending', creditCount: 4 });
      expect(await production.available(suspense)).toBe(suspenseBefore);
    } finally {
      await production.app.close();
    }
  }, 120_000);

  it('keeps the /dev/ routes outside production, open to a signed-in customer', async () => {
    const development = await buildRailsTestApp(await createDatabase());
    try {
      const token = await development.token(CUSTOMER_ID);
      const blocks = await development.call('POST', '/api/cash-operations/dev/crypto/blocks', {
        token,
        body: { chain: 'bitcoin', count: 1 },
      });
      expect(blocks.statusCode, blocks.body).toBe(200);
    } finally {
      await development.app.close();
    }
  }, 120_000);
});
