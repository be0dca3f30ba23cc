/**
 * The floor of a sign-in on this machine: a bare node:http server whose sign-in is only what no sign-in can skip,
 * with the service's own parts where it has them:
 * - the request body parsed as JSON;
 * - one statement reading by the username (the user and throttle lookup);
 * - the argon2id verification through the service's hashing slots;
 * - one durable insert (the session, refresh token and audit event);
 * - two RS256 signatures with the service's `signJwt` (access and id token), and the JSON answer.
 * No framework, no validation, no query builder, no throttles or audit. What the identity benchmark measures
 * against it says how much of the gap between sign-in and the argon2 bound the service's own code could still
 * close, and how much is the machine's.
 */
import { createServer } from 'node:http';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Database } from '@tessera/platform';
import { demoUsers, hashPassword, signJwt, verifyPassword } from '@tessera/service-identity';
import { sql } from 'kysely';

/** Starts the floor server on a free loopback port, over `database`. */
export async function startSignInFloor(database: Database) {
  const db = database.db;
  await sql`create table if not exists bench_sign_in_floor (
    id uuid primary key, username text not null, refresh_token_hash text not null,
    created_at timestamptz not null default now())`.execute(db);
  const hashes = new Map(
    await Promise.all(
      demoUsers.map(async (user) => [user.email, await hashPassword(user.password)] as const),
    ),
  );
  const key = {
    kid: randomUUID(),
    privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          AuthParameters: { USERNAME: string; PASSWORD: string };
        };
        const username = body.AuthParameters.USERNAME;
        await sql`select ${username}::text as username, now() as at`.execute(db);
        const matches = await verifyPassword(hashes.get(username) ?? '', body.AuthParameters.PASSWORD);
        if (!matches) {
          response.writeHead(400).end();
          return;
        }
        const sessionId = randomUUID();
        await sql`insert into bench_sign_in_floor (id, username, refresh_token_hash)
          values (${sessionId}, ${username}, ${randomUUID()})`.execute(db);
        const nowS = Math.floor(Date.now() / 1000);
        const claims = {
          sub: randomUUID(),
          origin_jti: sessionId,
          auth_time: nowS,
          iat: nowS,
          exp: nowS + 3600,
        };
        const answer = JSON.stringify({
          AuthenticationResult: {
            AccessToken: signJwt(key, { ...claims, jti: randomUUID(), token_use: 'access', username }),
            IdToken: signJwt(key, { ...claims, jti: randomUUID(), token_use: 'id', email: username }),
            RefreshToken: randomUUID(),
            ExpiresIn: 3600,
            TokenType: 'Bearer',
          },
          ChallengeParameters: {},
        });
        response
          .writeHead(200, {
            'content-type': 'application/x-amz-json-1.1',
            'content-length': Buffer.byteLength(answer),
          })
          .end(answer);
      })().catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql`drop table bench_sign_in_floor`.execute(db);
    },
  };
}
