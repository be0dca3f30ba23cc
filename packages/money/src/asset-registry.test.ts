import { describe, expect, it } from 'vitest';
import {
  ASSET_REGISTRY,
  fundUnitAsset,
  getAsset,
  isCrypto,
  isFiat,
  isFundUnit,
  isSecurity,
  securityAsset,
} from './asset.ts';

describe('asset registry', () => {
  it('holds the product catalogue with its scales and kinds', () => {
    const summary = [...ASSET_REGISTRY.values()].map((asset) => `${asset.code}:${asset.kind}:${asset.scale}`);
    expect(summary).toEqual([
      'EUR:fiat:2',
      'USD:fiat:2',
      'GBP:fiat:2',
      'CHF:fiat:2',
      'BTC:crypto:8',
      'ETH:crypto:18',
      'USDC:crypto:6',
    ]);
  });

  it('gives fiat currencies a symbol hint and keeps registry entries immutable', () => {
    const euro = getAsset('EUR');
    expect(euro.ok && isFiat(euro.value) && euro.value.symbol).toBe('€');
    expect(Object.isFrozen(euro.ok && euro.value)).toBe(true);
  });

  it('rejects unknown and malformed codes with distinct codes', () => {
    expect(getAsset('JPY')).toMatchObject({ ok: false, code: 'ASSET_UNKNOWN' });
    expect(getAsset('eur')).toMatchObject({ ok: false, code: 'ASSET_INVALID_CODE' });
    expect(getAsset('')).toMatchObject({ ok: false, code: 'ASSET_INVALID_CODE' });
  });

  it('builds scale-6 assets for securities and fund units from validated codes', () => {
    expect(securityAsset('BRK.B')).toEqual({
      ok: true,
      value: { code: 'BRK.B', kind: 'security', scale: 6 },
    });
    expect(fundUnitAsset('TSR.WORLD')).toEqual({
      ok: true,
      value: { code: 'TSR.WORLD', kind: 'fund_unit', scale: 6 },
    });
    expect(securityAsset('AAPL_cboe')).toMatchObject({ ok: false, code: 'ASSET_INVALID_CODE' });
    expect(securityAsset('TOO.LONG.A.CODE.X')).toMatchObject({ ok: false, code: 'ASSET_INVALID_CODE' });
  });

  it('refuses an instrument code that would shadow a currency or crypto-asset', () => {
    expect(securityAsset('EUR')).toMatchObject({ ok: false, code: 'ASSET_RESERVED_CODE' });
    expect(fundUnitAsset('BTC')).toMatchObject({ ok: false, code: 'ASSET_RESERVED_CODE' });
  });

  it('classifies each kind with exactly one guard', () => {
    const assets = [getAsset('USD'), getAsset('ETH'), securityAsset('AAPL'), fundUnitAsset('TSR1')];
    const flags = assets.map((result) => {
      if (!result.ok) {
        throw new Error(result.code);
      }
      const asset = result.value;
      return [isFiat(asset), isCrypto(asset), isSecurity(asset), isFundUnit(asset)];
    });
    expect(flags).toEqual([
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, false, false, true],
    ]);
  });
});
