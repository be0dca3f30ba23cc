import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config.ts';

const valid = {
  services: { identity: '/identity', ledger: '/api/ledger' },
  identity: {
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_tessera',
    userPoolClientId: 'tessera-web',
    userPoolEndpoint: 'http://localhost:3000/identity',
    oauthDomain: null,
  },
  features: { beta: true },
  tracker: { ingestPoint: '/ingest', projectKey: 'tessera-web', secureMode: false },
  assist: { iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' }] },
};

describe('runtime config', () => {
  it('accepts what the server publishes', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
    expect(parseRuntimeConfig({ ...valid, features: undefined }).features).toEqual({});
    expect(parseRuntimeConfig({ ...valid, tracker: undefined }).tracker).toBeNull();
    expect(parseRuntimeConfig({ ...valid, assist: undefined }).assist).toBeNull();
    expect(parseRuntimeConfig({ ...valid, assist: { iceServers: [] } }).assist).toEqual({ iceServers: [] });
  });

  it('names the field that is wrong', () => {
    expect(() => parseRuntimeConfig(null)).toThrow('not an object');
    expect(() => parseRuntimeConfig({ ...valid, tracker: { ingestPoint: '/ingest' } })).toThrow('tracker');
    expect(() => parseRuntimeConfig({ ...valid, services: { a: 1 } })).toThrow('services');
    expect(() => parseRuntimeConfig({ ...valid, assist: {} })).toThrow('assist.iceServers');
    expect(() => parseRuntimeConfig({ ...valid, assist: { iceServers: [{ urls: 5 }] } })).toThrow('urls');
    expect(() => parseRuntimeConfig({ ...valid, identity: { ...valid.identity, region: 5 } })).toThrow(
      'identity.region',
    );
    expect(() => parseRuntimeConfig({ ...valid, identity: { ...valid.identity, oauthDomain: 1 } })).toThrow(
      'oauthDomain',
    );
  });
});
