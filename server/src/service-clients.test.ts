/**
 * The in-process clients services offer each other (docs/adr/0003-ledger.md): the server builds each service's
 * client after every migration, and every context reads them with a typed key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEDGER_CLIENT, type LedgerApi } from '@tessera/contracts';
import { defineService, loadConfig, type ServiceContext } from '@tessera/platform';
import { createTestDatabase } from '@tessera/platform/testing';
import { ledgerService } from '@tessera/service-ledger';
import { expect, it } from 'vitest';
import { buildServer } from './app.ts';

it("hands a service the ledger's client, the same one the ledger's routes use, before the seeds run", async () => {
  let seen: LedgerApi | undefined;
  const consumer = defineService({
    name: 'consumer',
    schema: 'consumer',
    prefix: '/api/consumer',
    migrations: {},
    async plugin() {},
    async seed(context: ServiceContext) {
      seen = context.clients?.get(LEDGER_CLIENT);
      expect(() => context.clients?.get({ service: 'absent' })).toThrow(/not mounted/);
    },
  });
  const root = mkdtempSync(join(tmpdir(), 'tessera-clients-'));
  const server = await buildServer({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }),
    services: [ledgerService, consumer],
    webDist: join(root, 'web'),
    consoleDist: join(root, 'console'),
    database: await createTestDatabase(),
  });
  try {
    expect(seen).toBeDefined();
    expect((await seen!.getLedger('tessera', 'EUR')).scale).toBe(2);
  } finally {
    await server.app.close();
    rmSync(root, { recursive: true, force: true });
  }
});
