/**
 * Health endpoints for load balancers and orchestrators.
 *
 * `/healthz` says the process is up (restart me if this fails). `/readyz` says it can serve (send me traffic): it runs
 * `select 1` on the database and turns 503 NOT_READY when that fails or once shutdown has begun, so a load balancer
 * drains the process before it stops.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { AnyKysely } from './database/types.ts';
import { sendError } from './error-handler.ts';
import { NotReadyError } from './errors.ts';

/** Whether the process accepts traffic; flipped once when shutdown begins. */
export interface Readiness {
  /** False once {@link Readiness.markNotReady} has been called. */
  readonly accepting: boolean;
  /** Why the process stopped accepting traffic, if it did. */
  readonly reason: string | undefined;
  /** Marks the process as not ready (for good): /readyz answers 503 from now on. */
  markNotReady(reason: string): void;
}

/** Creates the readiness flag a process shares between its health plugin and its shutdown code. */
export function createReadiness(): Readiness {
  let reason: string | undefined;
  return {
    get accepting() {
      return reason === undefined;
    },
    get reason() {
      return reason;
    },
    markNotReady(why: string) {
      reason ??= why;
    },
  };
}

/** Options of {@link healthPlugin}. */
export interface HealthOptions {
  db: AnyKysely;
  readiness: Readiness;
  /** How long the database check may take before the process counts as not ready. */
  checkTimeoutMs?: number;
}

/** Registers GET /healthz and GET /readyz at the root (not under a service prefix). */
export const healthPlugin = fp<HealthOptions>(
  async (app: FastifyInstance, { db, readiness, checkTimeoutMs = 2_000 }: HealthOptions) => {
    const noStore = 'no-store';
    app.get('/healthz', async (_request, reply) => {
      return reply.header('cache-control', noStore).send({ status: 'ok' });
    });
    app.get('/readyz', async (request, reply) => {
      void reply.header('cache-control', noStore);
      if (!readiness.accepting) {
        return sendError(reply, new NotReadyError(undefined, { reason: 'shutting down' }));
      }
      try {
        await withTimeout(sql`select 1`.execute(db), checkTimeoutMs);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return sendError(reply, new NotReadyError(undefined, { reason: 'database unavailable' }));
      }
      return reply.send({ status: 'ready' });
    });
  },
  { name: '@tessera/platform/health', fastify: '5.x' },
);

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
