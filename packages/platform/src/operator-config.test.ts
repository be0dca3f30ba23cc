import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from './config.ts';

const fromFile = 'TESSERA_ENV_FILE_TEST_FROM_FILE';
const fromBoth = 'TESSERA_ENV_FILE_TEST_FROM_BOTH';

describe('loadEnvFileIfPresent', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-env-'));
  afterEach(() => {
    delete process.env[fromFile];
    delete process.env[fromBoth];
  });

  it('loads a .env file into the environment, the operator’s own variables winning over it', () => {
    const path = join(folder, '.env');
    writeFileSync(path, `# a comment\n${fromFile}=from-file\n${fromBoth}=from-file\n`);
    process.env[fromBoth] = 'from-environment';
    expect(loadEnvFileIfPresent(path)).toBe(true);
    expect(process.env[fromFile]).toBe('from-file');
    expect(process.env[fromBoth]).toBe('from-environment');
    rmSync(folder, { recursive: true, force: true });
  });

  it('does nothing when there is no .env (a deployment configured through its environment)', () => {
    expect(loadEnvFileIfPresent(join(folder, 'missing', '.env'))).toBe(false);
    expect(process.env[fromFile]).toBeUndefined();
  });
});

describe('operator variables', () => {
  it('defaults to a floor of 3000 requests a minute per address and no /metrics', () => {
    const config = loadConfig({});
    expect(config.rateLimitMax).toBe(3000);
    expect(config.metricsToken).toBeUndefined();
  });

  it('refuses a guessable metrics token and an unbounded rate limit, naming the variable and never the value', () => {
    let caught: unknown;
    try {
      loadConfig({ METRICS_TOKEN: 'short-secret', RATE_LIMIT_MAX: '1000001' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'RATE_LIMIT_MAX: must be at most 1000000',
      'METRICS_TOKEN: must be at least 32 characters',
    ]);
    expect((caught as ConfigError).message).not.toContain('short-secret');
  });
});
