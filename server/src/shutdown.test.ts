import { EventEmitter } from 'node:events';
import { createReadiness } from '@tessera/platform';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { installGracefulShutdown } from './shutdown.ts';

function setUp(timeoutMs = 10_000) {
  const app = Fastify({ logger: false });
  const readiness = createReadiness();
  const signals = new EventEmitter();
  const exit = vi.fn<(code: number) => void>();
  installGracefulShutdown({ app, readiness, signals, exit, timeoutMs });
  return { app, readiness, signals, exit };
}

describe('graceful shutdown', () => {
  it('on SIGTERM marks not ready, waits for in-flight requests, closes the app and exits 0', async () => {
    const { app, readiness, signals, exit } = setUp();
    let finishRequest: (() => void) | undefined;
    app.get('/slow', () => new Promise((resolve) => (finishRequest = () => resolve({ done: true }))));
    const onClose = vi.fn();
    app.addHook('onClose', async () => onClose());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${address.port}/slow`).then((response) => response.json());
    await vi.waitFor(() => expect(finishRequest).toBeDefined());

    signals.emit('SIGTERM', 'SIGTERM');
    expect(readiness.accepting).toBe(false);
    expect(exit).not.toHaveBeenCalled();
    finishRequest?.();
    expect(await inFlight).toEqual({ done: true });
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('forces exit 1 on a second signal', async () => {
    const { app, signals, exit } = setUp();
    app.addHook('onClose', () => new Promise(() => {}));
    signals.emit('SIGINT', 'SIGINT');
    signals.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('forces exit 1 when closing takes longer than the limit', async () => {
    const { app, signals, exit } = setUp(30);
    app.addHook('onClose', () => new Promise(() => {}));
    signals.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
