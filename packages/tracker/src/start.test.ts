import { describe, expect, it } from 'vitest';
import { INCORRECT_SERVER_RESPONSE, refusalReason, startHttpError, validateStartResponse } from './start.ts';

const answer = {
  token: 't',
  userUUID: 'u',
  projectID: 'p',
  beaconSizeLimit: 200_000,
  compressionThreshold: 24_000,
  delay: 0,
  sessionID: 's',
  startTimestamp: 1,
  userBrowser: 'Chrome',
  userCity: '',
  userCountry: '',
  userDevice: 'desktop',
  userOS: 'Linux',
  userState: '',
  canvasEnabled: false,
  canvasQuality: 'low',
  canvasFPS: 1,
  assistOnly: false,
  features: { 'feature-flags': false, 'usability-test': false },
};

describe('validateStartResponse', () => {
  it('accepts the spec section 3 answer', () => {
    expect(validateStartResponse(answer)).toEqual(answer);
  });

  it.each([
    ['token', 1],
    ['userUUID', null],
    ['sessionID', undefined],
    ['delay', '0'],
    ['delay', Number.NaN],
  ])("fails with 'Incorrect server response' when %s is %s", (field, value) => {
    expect(() => validateStartResponse({ ...answer, [field]: value })).toThrow(INCORRECT_SERVER_RESPONSE);
  });

  it('fails on a body that is not an object', () => {
    expect(() => validateStartResponse('ok')).toThrow(INCORRECT_SERVER_RESPONSE);
    expect(() => validateStartResponse(null)).toThrow(INCORRECT_SERVER_RESPONSE);
  });

  it('never takes a beacon size over 1000000', () => {
    expect(validateStartResponse({ ...answer, beaconSizeLimit: 5_000_000 }).beaconSizeLimit).toBe(1_000_000);
  });
});

describe('startHttpError', () => {
  it("says 'Server error: {status}. {text}'", () => {
    const error = startHttpError(503, 'Service unavailable');
    expect(error.message).toBe('Server error: 503. Service unavailable');
    expect(error.canceled).toBe(false);
  });

  it("treats the text 'canceled' as a cancel", () => {
    expect(startHttpError(403, 'canceled').canceled).toBe(true);
  });
});

describe('refusalReason', () => {
  const browser = {
    location: { protocol: 'https:' },
    navigator: { doNotTrack: null },
    Worker: class {},
    Blob: class {},
    URL: { createObjectURL: () => 'blob:x' },
    CompressionStream: class {},
    MutationObserver: class {},
    Map,
    WeakMap,
    Set,
    Promise,
    fetch: () => undefined,
    sessionStorage: {},
    requestAnimationFrame: () => 0,
  };

  it('starts on https in a capable browser', () => {
    expect(refusalReason(browser, true)).toBeNull();
  });

  it('refuses http while secure mode is on, and allows it when off', () => {
    const http = { ...browser, location: { protocol: 'http:' } };
    expect(refusalReason(http, true)).toMatch(/not served over https/u);
    expect(refusalReason(http, false)).toBeNull();
  });

  it('refuses with Do Not Track on, whichever property carries it', () => {
    expect(refusalReason({ ...browser, navigator: { doNotTrack: '1' } }, true)).toMatch(/Do Not Track/u);
    expect(refusalReason({ ...browser, doNotTrack: '1' }, true)).toMatch(/Do Not Track/u);
    expect(refusalReason({ ...browser, navigator: { msDoNotTrack: '1' } }, true)).toMatch(/Do Not Track/u);
    expect(refusalReason({ ...browser, navigator: { doNotTrack: '0' } }, true)).toBeNull();
  });

  it('names the missing browser features', () => {
    const old = { ...browser, Worker: undefined, CompressionStream: undefined, URL: {} };
    expect(refusalReason(old, true)).toBe(
      'Tracker refused to start: missing browser features: Worker, CompressionStream, URL.createObjectURL.',
    );
  });
});
