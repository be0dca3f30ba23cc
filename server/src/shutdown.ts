/**
 * Graceful shutdown: on SIGINT or SIGTERM stop being ready, stop accepting, finish what is in flight, close the
 * database, exit 0. A second signal, or a shutdown longer than the limit, forces exit 1.
 */
import type { Readiness } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';

/** Where signals come from (process, or an EventEmitter in tests). */
export interface SignalSource {
  on(signal: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
}

/** Options of {@link installGracefulShutdown}. */
export interface GracefulShutdownOptions {
  app: FastifyInstance;
  readiness: Readiness;
  signals?: SignalSource;
  exit?: (code: number) => void;
  /** The longest a shutdown may take before the process is forced out. */
  timeoutMs?: number;
}

/** Listens for SIGINT and SIGTERM and shuts the server down once. */
export function installGracefulShutdown(options: GracefulShutdownOptions): void {
  const {
    app,
    readiness,
    signals = process,
    exit = (code: number) => process.exit(code),
    timeoutMs = 10_000,
  } = options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: forcing exit');
      exit(1);
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Not ready first, so a load balancer stops sending traffic while in-flight requests finish.
    readiness.markNotReady(signal);
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: forcing exit');
      exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
}
