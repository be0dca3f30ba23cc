/** The Idempotency-Key of a request that passed `idempotent(..., { required: true })` (it is there). */
import { IDEMPOTENCY_KEY_HEADER } from '@tessera/platform';
import type { FastifyRequest } from 'fastify';

export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return String(Array.isArray(header) ? header[0] : header);
}
