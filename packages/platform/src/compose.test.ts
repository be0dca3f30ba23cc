import { describe, expect, it } from 'vitest';
import { createServiceClientRegistry } from './compose.ts';
import type { ServiceClientKey } from './service.ts';

const LEDGER: ServiceClientKey<{ name: string }> = { service: 'ledger' };
const IDENTITY: ServiceClientKey<{ name: string }> = { service: 'identity' };

describe('service clients: an optional dependency is found, a required one is got', () => {
  it('find answers undefined for a service that is not mounted, where get throws', () => {
    const registry = createServiceClientRegistry();
    registry.offer('ledger', { name: 'the ledger' });
    expect(registry.clients.find(IDENTITY)).toBeUndefined();
    expect(() => registry.clients.get(IDENTITY)).toThrow('Service identity is not mounted in this process.');
  });

  it('find and get answer the same client for a mounted service', () => {
    const registry = createServiceClientRegistry();
    const ledger = { name: 'the ledger' };
    registry.offer('ledger', ledger);
    expect(registry.clients.find(LEDGER)).toBe(ledger);
    expect(registry.clients.get(LEDGER)).toBe(ledger);
    expect(registry.offers('ledger')).toBe(true);
    expect(registry.offers('identity')).toBe(false);
  });
});
