/**
 * Assets: what a ledger counts. PRODUCT.md, "Assets and the universal ledger": fiat EUR, USD, GBP, CHF (2),
 * crypto BTC (8), ETH (18), USDC (6); securities and fund units 6 (fractional shares and units).
 */
import { isAssetCode, scale } from './brand.ts';
import type { AssetCode, Scale } from './brand.ts';
import { ok, reject } from './result.ts';
import type { Result } from './result.ts';

/** What kind of thing an asset is; decides formatting and which rails can move it. */
export type AssetKind = 'fiat' | 'crypto' | 'security' | 'fund_unit';

/** Every {@link AssetKind}, in a stable order. */
export const ASSET_KINDS: readonly AssetKind[] = Object.freeze(['fiat', 'crypto', 'security', 'fund_unit']);

/** A fiat currency: its code is ISO 4217, and it has a symbol hint for display (English narrow form). */
export interface FiatAsset {
  readonly code: AssetCode;
  readonly kind: 'fiat';
  readonly scale: Scale;
  /** Symbol hint as English shows it (`€`, `$`, `£`, `CHF`); French adds a country where Intl does. */
  readonly symbol: string;
}

/** Any asset that is not fiat; it is always shown with its code. */
export interface NonFiatAsset {
  readonly code: AssetCode;
  readonly kind: 'crypto' | 'security' | 'fund_unit';
  readonly scale: Scale;
}

/** An asset: code, kind and scale (the number of decimals its minor unit stands for). */
export type Asset = FiatAsset | NonFiatAsset;

/** Rejections of asset look-ups and constructors. */
export type AssetRejectionCode = 'ASSET_INVALID_CODE' | 'ASSET_UNKNOWN' | 'ASSET_RESERVED_CODE';

/** Securities (fractional shares) and fund units are counted to 6 decimals. */
export const INSTRUMENT_SCALE: Scale = scale(6);

function fiat(code: string, scaleValue: number, symbol: string): FiatAsset {
  return Object.freeze({ code: code as AssetCode, kind: 'fiat', scale: scale(scaleValue), symbol });
}

function crypto(code: string, scaleValue: number): NonFiatAsset {
  return Object.freeze({ code: code as AssetCode, kind: 'crypto', scale: scale(scaleValue) });
}

/** Euro, 2 decimals. */
export const EUR: FiatAsset = fiat('EUR', 2, '€');
/** US dollar, 2 decimals. */
export const USD: FiatAsset = fiat('USD', 2, '$');
/** Pound sterling, 2 decimals. */
export const GBP: FiatAsset = fiat('GBP', 2, '£');
/** Swiss franc, 2 decimals. */
export const CHF: FiatAsset = fiat('CHF', 2, 'CHF');
/** Bitcoin, 8 decimals (satoshis). */
export const BTC: NonFiatAsset = crypto('BTC', 8);
/** Ether, 18 decimals (wei): 1 ETH is 10^18 minor units, far past 2^53, which is why amounts are bigint. */
export const ETH: NonFiatAsset = crypto('ETH', 18);
/** USD Coin, 6 decimals. */
export const USDC: NonFiatAsset = crypto('USDC', 6);

/** The fixed registry of currencies and crypto-assets, by code. Securities and fund units are built on demand. */
export const ASSET_REGISTRY: ReadonlyMap<string, Asset> = new Map<string, Asset>(
  [EUR, USD, GBP, CHF, BTC, ETH, USDC].map((asset) => [asset.code, asset]),
);

function checkCode(code: unknown): Result<AssetCode, AssetRejectionCode> {
  if (!isAssetCode(code)) {
    return reject('ASSET_INVALID_CODE', 'Asset code must be 1 to 16 characters of A-Z, 0-9 or "."');
  }
  return ok(code);
}

/** Looks up a registry asset (EUR, USD, GBP, CHF, BTC, ETH, USDC) by code. */
export function getAsset(code: string): Result<Asset, AssetRejectionCode> {
  const checked = checkCode(code);
  if (!checked.ok) {
    return checked;
  }
  const asset = ASSET_REGISTRY.get(checked.value);
  return asset === undefined ? reject('ASSET_UNKNOWN', `Unknown asset ${checked.value}`) : ok(asset);
}

function instrumentAsset(
  code: string,
  kind: 'security' | 'fund_unit',
): Result<NonFiatAsset, AssetRejectionCode> {
  const checked = checkCode(code);
  if (!checked.ok) {
    return checked;
  }
  // A share called EUR or BTC would make two assets with one code; the registry's codes are kept for it.
  if (ASSET_REGISTRY.has(checked.value)) {
    return reject('ASSET_RESERVED_CODE', `${checked.value} is a currency or crypto-asset code`);
  }
  return ok(Object.freeze({ code: checked.value, kind, scale: INSTRUMENT_SCALE }));
}

/** Builds the scale-6 asset of a security (share, ETF) from its symbol, such as `AAPL` or `BRK.B`. */
export function securityAsset(code: string): Result<NonFiatAsset, AssetRejectionCode> {
  return instrumentAsset(code, 'security');
}

/** Builds the scale-6 asset of a fund's units from the fund's code. */
export function fundUnitAsset(code: string): Result<NonFiatAsset, AssetRejectionCode> {
  return instrumentAsset(code, 'fund_unit');
}

/** True for fiat currencies; narrows to {@link FiatAsset} (which has a symbol). */
export function isFiat(asset: Asset): asset is FiatAsset {
  return asset.kind === 'fiat';
}

/** True for crypto-assets. */
export function isCrypto(asset: Asset): boolean {
  return asset.kind === 'crypto';
}

/** True for securities. */
export function isSecurity(asset: Asset): boolean {
  return asset.kind === 'security';
}

/** True for fund units. */
export function isFundUnit(asset: Asset): boolean {
  return asset.kind === 'fund_unit';
}
