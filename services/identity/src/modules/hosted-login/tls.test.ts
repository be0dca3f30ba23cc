import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServiceApp, loadConfig, refuseEveryToken } from '@tessera/platform';
import { createTestDatabase } from '@tessera/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate, startTlsListener } from './tls.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('the TLS listener of the hosted login', () => {
  const directories: string[] = [];
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it('generates a self-signed certificate for localhost once, then reuses it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'tessera-certs-'));
    directories.push(directory);
    const first = await loadOrCreateCertificate(join(directory, '.certs'));
    const certificate = new X509Certificate(first.cert);
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600_000);
    expect((await loadOrCreateCertificate(join(directory, '.certs'))).cert).toBe(first.cert);
  });

  it('serves the same routes over https with the generated certificate', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'tessera-tls-'));
    directories.push(directory);
    const port = await freePort();
    const config = loadConfig({ DATA_DIR: directory, TLS_PORT: String(port), HOST: '127.0.0.1' });
    // An app of no service is enough: the listener serves whatever routes the app has.
    const { app } = await buildServiceApp({
      services: [],
      config,
      database: await createTestDatabase(),
      auth: refuseEveryToken,
      closeDatabase: true,
    });
    app.get('/ping', async (req) => ({ protocol: req.protocol }));
    expect(await startTlsListener(app, config)).toBe(port);
    const { cert } = await loadOrCreateCertificate(join(directory, '.certs'));
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: 'localhost', port, path: '/ping', ca: cert, servername: 'localhost' }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(body)).toEqual({ protocol: 'https' });
    await app.close();
  });
});
