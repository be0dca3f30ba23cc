/**
 * The optional HTTPS listener (TLS_PORT). Amplify hard-codes https for the hosted login's domain, so a local run
 * needs TLS: on first start a self-signed certificate for localhost and 127.0.0.1 is generated into
 * DATA_DIR/.certs (reused afterwards, renewed when it expires within 30 days). In production put the server
 * behind a TLS terminator instead, or provide a real certificate in that folder.
 *
 * The listener hands every request to the same Fastify instance (`app.routing`), so it serves exactly what the
 * plain port serves, with `request.protocol` 'https'.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@tessera/platform';
import { generate } from 'selfsigned';

/** Renew a generated certificate that expires sooner than this. */
const RENEW_BEFORE_MS = 30 * 24 * 3600_000;
/** Generated certificates last a year: long enough for a laptop, short enough to be renewed. */
const VALIDITY_MS = 365 * 24 * 3600_000;

/** The folder the certificate lives in: DATA_DIR/.certs (the temp folder for an in-memory DATA_DIR). */
export function certificateDirectory(config: Pick<Config, 'dataDir'>): string {
  const base = config.dataDir.startsWith('memory://') ? join(tmpdir(), 'tessera') : config.dataDir;
  return join(base, '.certs');
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Reads the certificate in `directory`, or generates (and stores) a self-signed one for localhost. */
export async function loadOrCreateCertificate(directory: string): Promise<{ key: string; cert: string }> {
  const keyPath = join(directory, 'localhost-key.pem');
  const certPath = join(directory, 'localhost-cert.pem');
  if ((await exists(keyPath)) && (await exists(certPath))) {
    const [key, cert] = await Promise.all([readFile(keyPath, 'utf8'), readFile(certPath, 'utf8')]);
    if (new Date(new X509Certificate(cert).validTo).getTime() - Date.now() > RENEW_BEFORE_MS) {
      return { key, cert };
    }
  }
  const notBeforeDate = new Date(Date.now() - 60_000);
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + VALIDITY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await writeFile(keyPath, generated.private, { mode: 0o600 });
  await writeFile(certPath, generated.cert, { mode: 0o644 });
  return { key: generated.private, cert: generated.cert };
}

/**
 * Starts the HTTPS listener when TLS_PORT is set (call it before `app.listen`); it closes with the app. Returns
 * the port, or undefined when TLS_PORT is not set.
 */
export async function startTlsListener(app: FastifyInstance, config: Config): Promise<number | undefined> {
  if (config.tlsPort === undefined) {
    return undefined;
  }
  const credentials = await loadOrCreateCertificate(certificateDirectory(config));
  const server: Server = createServer(credentials, (request, response) => app.routing(request, response));
  // Hooks can only be added before the app is ready; routing works only after it is.
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await app.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.tlsPort, config.host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : config.tlsPort;
}
