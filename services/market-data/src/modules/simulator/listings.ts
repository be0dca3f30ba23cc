/**
 * One price per asset (docs/adr/0014-simulated-participants.md): an asset listed in several currencies (bitcoin in
 * USD, EUR, GBP and CHF; ether in USD and EUR) has one price process, its USD listing's, and every other listing is
 * that price converted at the fiat rate the app uses, so BTC-CHF and BTC-USD move by the same percentage on the same
 * day. Stocks keep their own process (one listing each).
 *
 * The rates are the simulated rates' starting EUR values (SIMULATED_EUR_VALUES in @tessera/contracts), the table
 * cash operations' rate provider starts from too. Cash operations lets fiat rates drift within ±0.2 % over
 * minutes; a listing follows the starting rate, so it stays within that band of the converted USD price.
 */
import { type InstrumentInfo, isCashAssetCode, SIMULATED_EUR_VALUES } from '@tessera/contracts';

/** The EUR value of one unit of a fiat currency as the simulated rates start, or undefined for another code. */
function fiatEurValue(currency: string): number | undefined {
  const fiat = ['EUR', 'USD', 'GBP', 'CHF'].includes(currency) && isCashAssetCode(currency);
  // A simulated price process works in floats (profiles.ts); the rate only decides where a listing's price sits.
  return fiat ? Number(SIMULATED_EUR_VALUES[currency]) : undefined;
}

/** How a listing's price follows another one: the base listing and the rate (1 base currency = `rate` quote). */
export interface DerivedListing {
  readonly base: InstrumentInfo;
  readonly rate: number;
}

/** The listing whose price this one follows, with the rate; null when it has its own price process. */
export function derivedListingOf(
  info: InstrumentInfo,
  instruments: readonly InstrumentInfo[],
): DerivedListing | null {
  if (info.kind !== 'crypto' || info.currency === 'USD') {
    return null;
  }
  const asset = info.symbol.split('-')[0];
  const base = instruments.find(
    (candidate) =>
      candidate.kind === 'crypto' &&
      candidate.source === info.source &&
      candidate.currency === 'USD' &&
      candidate.symbol === `${asset}-USD`,
  );
  const usdEur = fiatEurValue('USD');
  const quoteEur = fiatEurValue(info.currency);
  if (base === undefined || usdEur === undefined || quoteEur === undefined) {
    return null;
  }
  return { base, rate: usdEur / quoteEur };
}
