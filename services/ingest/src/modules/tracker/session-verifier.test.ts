/** The in-process session-token verifier live assist uses (INGEST_SESSION_CLIENT). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INGEST_SESSION_CLIENT, TRACKER_VERSION, type TrackerStartResponse } from '@tessera/contracts';
import { createFilesystemObjectStore, type Database } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { configureIngestForTest, ingestService } from '../../service.ts';

describeEachDatabase('ingest session-token verifier', ({ createDatabase }) => {
  it('answers the live session of a token, and null for an unknown, expired or hostile one', async () => {
    const database: Database = await createDatabase();
    const issuer = await createTestTokenIssuer();
    const clock = { now: new Date('2026-11-27T05:00:00Z') };
    const { app, composed } = await buildServiceTestApp({
      services: [ingestService],
      database,
      auth: issuer.verifier,
      beforeMount(built) {
        configureIngestForTest(built.contextOf('ingest'), {
          now: () => clock.now,
          store: createFilesystemObjectStore(mkdtempSync(join(tmpdir(), 'ingest-verifier-'))),
        });
      },
    });
    try {
      await app.ready();
      const started = await app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
        payload: {
          trackerVersion: TRACKER_VERSION,
          projectKey: 'tessera-web',
          timestamp: clock.now.getTime(),
          doNotRecord: false,
          bufferDiff: 0,
          userID: null,
          token: null,
          deviceMemory: 8,
          jsHeapSizeLimit: 1,
          timezone: null,
          width: 1366,
          height: 768,
          condition: null,
          assistOnly: true,
          href: 'https://bank.test/',
          referrer: '',
        },
      });
      expect(started.statusCode).toBe(200);
      const answer = started.json<TrackerStartResponse>();
      const verifier = composed.contextOf('ingest').clients!.get(INGEST_SESSION_CLIENT);
      expect(verifier.projectKey).toBe('tessera-web');
      expect(await verifier.verifySessionToken(answer.token)).toMatchObject({
        sessionId: answer.sessionID,
        projectKey: 'tessera-web',
        userId: null,
        assistOnly: true,
      });
      for (const bad of ['', 'nope', `${answer.token}x`, 'x'.repeat(100000), '\u0000', '\ud800']) {
        expect(await verifier.verifySessionToken(bad)).toBeNull();
      }
      // The token lapses 30 minutes after the session's last activity.
      clock.now = new Date(clock.now.getTime() + 31 * 60 * 1000);
      expect(await verifier.verifySessionToken(answer.token)).toBeNull();
    } finally {
      await app.close();
    }
  });
});
