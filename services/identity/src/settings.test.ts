import { ConfigError, loadConfig } from '@tessera/platform';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, identitySettings } from './settings.ts';

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

describe('IDENTITY_ACCESS_TOKEN_TTL_S', () => {
  it('is 15 minutes when unset', () => {
    expect(identitySettings(config, {}).accessTokenTtlS).toBe(ACCESS_TOKEN_TTL_S);
  });

  it('shortens the tokens for journeys where a tab outlives its access token', () => {
    expect(identitySettings(config, { IDENTITY_ACCESS_TOKEN_TTL_S: '20' }).accessTokenTtlS).toBe(20);
  });

  it('refuses a lifetime longer than verifiers remember revocations, or too short for Amplify', () => {
    expect(() => identitySettings(config, { IDENTITY_ACCESS_TOKEN_TTL_S: '3600' })).toThrow(ConfigError);
    expect(() => identitySettings(config, { IDENTITY_ACCESS_TOKEN_TTL_S: '5' })).toThrow(ConfigError);
  });
});
