import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envInteger } from './config-fields.ts';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      mode: 'production',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      logLevel: 'info',
      publicUrl: undefined,
      trustProxy: false,
      identity: {
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_tessera',
        userPoolEndpoint: null,
        oauthDomain: null,
      },
    });
    expect(config.serviceUrls.userManagement).toBe('/api/user-management');
    expect(config.serviceUrls.ingest).toBe('/v1/web');
  });

  it('parses every variable and returns a deeply frozen object', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://tessera:secret@db.internal:5432/tessera',
      DATA_DIR: '/var/lib/tessera',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://bank.example/',
      NODE_ENV: 'production',
      TRUST_PROXY: 'YES',
      SERVICE_URL_LEDGER: 'https://ledger.bank.example/api/ledger/',
      IDENTITY_USER_POOL_CLIENT_ID: 'client-1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://tessera:secret@db.internal:5432/tessera',
      dataDir: '/var/lib/tessera',
      logLevel: 'debug',
      publicUrl: 'https://bank.example',
      nodeEnv: 'production',
      trustProxy: true,
    });
    expect(config.serviceUrls.ledger).toBe('https://ledger.bank.example/api/ledger');
    expect(config.identity.userPoolClientId).toBe('client-1');
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.identity)).toBe(true);
    expect(Object.isFrozen(config.serviceUrls)).toBe(true);
  });

  it("takes TRUST_PROXY as a boolean word or as the balancers' addresses", () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.1.7,fd00::/8',
    );
    expect(
      problemsOf(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,evil.example' })).map((l) => l.split(':')[0]),
    ).toEqual(['TRUST_PROXY']);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every bad variable in one error, one line each, without echoing values', () => {
    const problems = problemsOf(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@localhost/db',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'bank.example',
        NODE_ENV: 'staging',
        TRUST_PROXY: 'maybe',
        DATABASE_POOL_MAX: '0',
        SERVICE_URL_LEDGER: 'ledger',
      }),
    );
    const variables = problems.map((line) => line.split(':')[0]);
    expect(variables.sort()).toEqual(
      [
        'DATABASE_POOL_MAX',
        'DATABASE_URL',
        'LOG_LEVEL',
        'NODE_ENV',
        'PORT',
        'PUBLIC_URL',
        'SERVICE_URL_LEDGER',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('puts every problem in the error message, one line each', () => {
    try {
      loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^ {2}PORT: must be at most 65535$/m);
      expect(message).toMatch(
        /^ {2}LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent$/m,
      );
    }
  });

  it('adds service sections and reports their problems with the platform ones', () => {
    const ledger = z.object({
      LEDGER_BATCH_SIZE_MAX: envInteger(100, { min: 1, max: 8190 }),
      LEDGER_KEY: z.string(),
    });
    expect(loadConfig({ LEDGER_KEY: 'k' }, { ledger }).ledger).toEqual({
      LEDGER_BATCH_SIZE_MAX: 100,
      LEDGER_KEY: 'k',
    });
    const problems = problemsOf(() => loadConfig({ PORT: 'x', LEDGER_BATCH_SIZE_MAX: '9000' }, { ledger }));
    expect(problems).toEqual([
      'PORT: must be a whole number from 0 to 65535',
      'LEDGER_BATCH_SIZE_MAX: must be at most 8190',
      'LEDGER_KEY: is required',
    ]);
  });

  // Defect 7 of issue #13: with NODE_ENV unset the server ran in development, its dev mailbox and money simulators
  // open to anyone. Demo mode is now asked for (npm start sets TESSERA_MODE=demo) and never a deployment's default.
  it.each([
    [{}, 'production', 'production'],
    [{ TESSERA_MODE: 'demo' }, 'development', 'demo'],
    [{ NODE_ENV: 'development' }, 'development', 'demo'],
    [{ NODE_ENV: 'test' }, 'test', 'demo'],
    [{ NODE_ENV: 'production' }, 'production', 'production'],
    [{ NODE_ENV: 'development', TESSERA_MODE: 'production' }, 'development', 'production'],
    [{ NODE_ENV: 'test', TESSERA_MODE: 'production' }, 'test', 'production'],
    [{ NODE_ENV: 'test', TESSERA_MODE: 'demo' }, 'test', 'demo'],
    [{ TESSERA_MODE: 'production' }, 'production', 'production'],
  ] as const)(
    'development is the default (defect 7): %j resolves to NODE_ENV %s, mode %s',
    (env, nodeEnv, mode) => {
      expect(loadConfig(env)).toMatchObject({ nodeEnv, mode });
    },
  );

  it('development is the default (defect 7): refuses to start in demo mode with NODE_ENV=production', () => {
    const problems = problemsOf(() => loadConfig({ NODE_ENV: 'production', TESSERA_MODE: 'demo' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TESSERA_MODE: demo mode cannot run with NODE_ENV=production/);
    expect(problemsOf(() => loadConfig({ TESSERA_MODE: 'staging' }))).toEqual([
      'TESSERA_MODE: must be one of demo, production',
    ]);
  });

  it('refuses a section that would shadow a platform setting', () => {
    expect(() => loadConfig({}, { port: z.object({}) })).toThrow(/overwrite a platform setting/);
  });
});
