import type { CardToken, RuntimeConfig, TokenizeCardRequest } from '@tessera/contracts';
import { ApiError } from '../../../lib/api.ts';

/**
 * The payment processor's tokenisation endpoint: `services.paymentProcessor` of /config.json when a deployment
 * names one, else the built-in simulator mounted at /processor-sim on this origin.
 */
export function processorTokensUrl(config: RuntimeConfig): string {
  return `${config.services['paymentProcessor'] ?? '/processor-sim'}/v1/tokens`;
}

/**
 * Sends card details to the payment processor (never to cash operations, never with Tessera's access token) and
 * returns the token that pays the deposit, as a processor's hosted fields do.
 */
export async function tokenizeCard(config: RuntimeConfig, card: TokenizeCardRequest): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(processorTokensUrl(config), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.message ?? '');
  }
  return payload as CardToken;
}
