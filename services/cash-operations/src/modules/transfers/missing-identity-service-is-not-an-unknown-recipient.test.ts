/**
 * Regression (issue #14, "optional dependencies are explicit"): cash operations caught the error of
 * `clients.get(IDENTITY_CLIENT)` and went on without a directory, so in a process composed without the identity
 * service every transfer by e-mail answered CASH_RECIPIENT_NOT_FOUND: a wiring mistake reached customers as "nobody
 * banks here under that address". The directory is now optional through `clients.find` (names only), and a transfer
 * by e-mail without it is a programmer error: a 500 with the request id, never a customer-facing code.
 */
import { CASH_OPERATIONS_CLIENT, DEMO_USER_IDS, uuidv7 } from '@tessera/contracts';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { defineCashOperationsService } from '../../service.ts';

describeEachDatabase('a process without the identity service', ({ createDatabase }) => {
  it('answers a transfer by e-mail with a 500 and its request id, not CASH_RECIPIENT_NOT_FOUND', async () => {
    const issuer = await createTestTokenIssuer();
    const cash = defineCashOperationsService();
    const { app, composed } = await buildServiceTestApp({
      services: [userManagementService, ledgerService, cash],
      database: await createDatabase(),
      auth: issuer.verifier,
    });
    try {
      const ana = DEMO_USER_IDS.verifiedCustomer;
      const wallet = await composed.clients
        .get(CASH_OPERATIONS_CLIENT)
        .currentWallet(ana, 'EUR', { create: true });
      const token = await issuer.sign(ana, { amr: ['pwd', 'mfa'] });
      const answer = await app.inject({
        method: 'POST',
        url: '/api/cash-operations/transfers/customer',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': uuidv7() },
        payload: { fromWalletId: wallet!.walletId, recipientEmail: 'leo.fresh@tessera.test', amount: '1.00' },
      });
      expect(answer.statusCode, answer.body).toBe(500);
      const requestId = answer.headers['x-request-id'];
      expect(requestId).toEqual(expect.any(String));
      expect(answer.json().error).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong',
        details: { requestId },
      });
    } finally {
      await app.close();
    }
  }, 120_000);
});
