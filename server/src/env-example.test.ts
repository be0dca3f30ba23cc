import { readFileSync } from 'node:fs';
import { loadConfig, objectStoreEnvSchema, platformEnvSchema } from '@tessera/platform';
import { describe, expect, it } from 'vitest';
// The services' own config sections; not exported by their packages, read here only to check the example.
import { assistEnvSchema } from '../../services/assist/src/settings.ts';
import { assistantEnvSchema } from '../../services/assistant/src/settings.ts';
import { cashOperationsEnvSchema } from '../../services/cash-operations/src/settings.ts';
import { identityEnvSchema } from '../../services/identity/src/settings.ts';
import { ingestEnvSchema } from '../../services/ingest/src/settings.ts';
import { marketDataEnvSchema } from '../../services/market-data/src/settings.ts';
import { timeSeriesEnvSchema } from '../../services/time-series/src/settings.ts';
import { userManagementEnvSchema } from '../../services/user-management/src/settings.ts';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

/** `KEY=value` of every line naming a variable, commented out or not. */
function exampleEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of example.split('\n')) {
    const match = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) {
      entries.set(match[1]!, match[2]!);
    }
  }
  return entries;
}

const schemaVariables = [
  ...Object.keys(platformEnvSchema.shape),
  ...Object.keys(identityEnvSchema.shape),
  ...Object.keys(cashOperationsEnvSchema.shape),
  ...Object.keys(marketDataEnvSchema.shape),
  ...Object.keys(timeSeriesEnvSchema.shape),
  ...Object.keys(userManagementEnvSchema.shape),
  ...Object.keys(ingestEnvSchema.shape),
  ...Object.keys(assistEnvSchema.shape),
  ...Object.keys(assistantEnvSchema.shape),
  ...Object.keys(objectStoreEnvSchema.shape),
].sort();

describe('.env.example', () => {
  it('lists every configuration variable of the config schemas, and no variable the server does not read', () => {
    expect([...exampleEntries().keys()].sort()).toEqual(schemaVariables);
  });

  it('changes nothing when copied to .env as it is: every line is commented out', () => {
    expect(example.split('\n').filter((line) => /^[A-Z]/.test(line))).toEqual([]);
  });

  it('shows values the server accepts, the defaults among them', () => {
    const entries = exampleEntries();
    const shown = Object.fromEntries(
      [...entries].filter(([key]) => key !== 'NODE_ENV' && key !== 'TESSERA_MODE'),
    );
    const withShown = loadConfig(shown, {
      identityService: identityEnvSchema,
      cashOperations: cashOperationsEnvSchema,
      marketData: marketDataEnvSchema,
      timeSeries: timeSeriesEnvSchema,
      userManagement: userManagementEnvSchema,
      ingest: ingestEnvSchema,
      assist: assistEnvSchema,
      assistant: assistantEnvSchema,
      objectStore: objectStoreEnvSchema,
    });
    const defaults = loadConfig({}, {});
    expect(withShown.port).toBe(defaults.port);
    expect(withShown.rateLimitMax).toBe(defaults.rateLimitMax);
    expect(withShown.databasePoolMax).toBe(defaults.databasePoolMax);
    expect(withShown.serviceUrls).toEqual(defaults.serviceUrls);
    expect(withShown.identity.userPoolId).toBe(defaults.identity.userPoolId);
    expect(withShown.mailFrom).toBe(defaults.mailFrom);
  });
});
