import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import {
  CUSTOMER_SOCKET_CLOSE_PROTOCOL_VIOLATION,
  CUSTOMER_SOCKET_INVALID_MESSAGES_MAX,
  customerSocketRoutes,
} from './customer-socket.ts';
import { UnauthenticatedError } from './errors.ts';
import { createInProcessEventBus } from './events.ts';
import { websocketSupport } from './websocket-hub.ts';

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('auth'), accessToken: z.string().max(4096) }),
]);

const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function listen(): Promise<string> {
  const app = Fastify({ logger: false });
  opened.push(app);
  await app.register(websocketSupport);
  await app.register(
    customerSocketRoutes({
      topic: 'test.customer',
      authTimeoutMs: 10_000,
      closeUnauthenticated: 4001,
      clientMessageSchema,
    }),
    {
      context: {
        config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }),
        db: undefined as never,
        log: app.log,
        events: createInProcessEventBus({ log: app.log }),
        auth: { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) },
      },
    },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}/ws`;
}

/** Opens a socket, sends `frames` one after the other, and collects what comes back until it closes or 3 s pass. */
async function exchange(url: string, frames: readonly string[]) {
  const socket = new WebSocket(url);
  const received: string[] = [];
  socket.on('message', (data: Buffer) => received.push(data.toString('utf8')));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (const frame of frames) {
    socket.send(frame);
  }
  const closed = await new Promise<{ code: number; reason: string } | 'still open'>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), 3_000);
    socket.once('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });
  socket.terminate();
  return { received, closed };
}

describe('customer sockets', () => {
  // Defect 9 of issue #13: a socket could send invalid frames forever, each parsed and answered.
  it('customer websockets answered invalid frames forever (defect 9): closed after the bounded number', async () => {
    const url = await listen();
    const frames = [
      ...Array.from({ length: CUSTOMER_SOCKET_INVALID_MESSAGES_MAX }, (_, index) =>
        index % 2 === 0 ? 'not json' : '{"type":"subscribe"}',
      ),
      '{"type":"ping"}',
      '{"type":"nope"}',
    ];
    const { received, closed } = await exchange(url, frames);
    expect(closed).toEqual({
      code: CUSTOMER_SOCKET_CLOSE_PROTOCOL_VIOLATION,
      reason: 'too many invalid messages',
    });
    const errors = received.filter((message) => message.includes('VALIDATION_FAILED'));
    expect(errors).toHaveLength(CUSTOMER_SOCKET_INVALID_MESSAGES_MAX);
    expect(received).toContain('{"type":"pong"}');
  });

  it('keeps a socket that sends a few invalid frames among valid ones open', async () => {
    const url = await listen();
    const frames = [
      'not json',
      ...Array.from({ length: CUSTOMER_SOCKET_INVALID_MESSAGES_MAX * 2 }, () => '{"type":"ping"}'),
    ];
    const { received, closed } = await exchange(url, frames);
    expect(closed).toBe('still open');
    expect(received.filter((message) => message === '{"type":"pong"}')).toHaveLength(
      CUSTOMER_SOCKET_INVALID_MESSAGES_MAX * 2,
    );
  });
});
