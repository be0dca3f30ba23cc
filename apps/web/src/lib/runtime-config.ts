// First: zod's configuration holds for every parse after it, this file's being the first (lib/zod-config.ts).
import './zod-config.ts';
import { parseRuntimeConfig, type RuntimeConfig } from '@tessera/contracts';

/** Loads /config.json, the server's runtime configuration (service base URLs, identity settings). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { credentials: 'same-origin' });
  if (!response.ok) {
    throw new Error(`config.json: ${response.status}`);
  }
  return parseRuntimeConfig(await response.json());
}
