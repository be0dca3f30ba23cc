import type { CashCall } from './cash-request.ts';

/** POST /dev/crypto/blocks: the chain simulator adds blocks, confirming deposits (demo deployments only). */
export function produceBlocks(
  call: CashCall,
  chain: 'bitcoin' | 'ethereum',
  count: number,
  idempotencyKey: string,
) {
  return call<unknown>('/dev/crypto/blocks', { method: 'POST', body: { chain, count }, idempotencyKey });
}
