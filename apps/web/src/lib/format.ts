/**
 * The app's one formatting module: every price, quantity, percentage, date, date-time, instrument, venue, time
 * zone, sector and card brand the screens show goes through here, one style per language.
 *
 * - Numbers are decimal strings from the API formatted exactly by format-number.ts (Intl.NumberFormat on the
 *   string, never a float). A price keeps its instrument's tick decimals when the tick is known
 *   (`95,223.21`, never `95,223.213440`).
 * - Dates are written out in one style per language: en `1 November 2026`, fr `1er novembre 2026`; date-times
 *   add the 24-hour time (`1 November 2026, 14:30`, `1er novembre 2026 à 14:30`), with the zone as a city when
 *   it is not the reader's own (`New York time`, `heure de New York`), never an IANA id.
 * - Instruments show their symbol and venue's name (`SPY · NYSE`), never an id such as `SPY_nyse`.
 *
 * Money amounts of a currency are lib/money.ts's formatAmountText (re-exported here as formatMoneyText).
 */
import { Decimal } from '@tessera/money';
import { parseProduct, type ProductSource } from '@tessera/contracts';
import { formatNumberText, type SignDisplay } from './format-number.ts';
import { formatLongDate } from './format-date.ts';
import { assetOf, formatAmountText } from './money.ts';

export { formatLongDate as formatDate } from './format-date.ts';
export type { SignDisplay } from './format-number.ts';

/** The languages the screens are written in. */
export type DisplayLanguage = 'en' | 'fr';

const DASH = '—';

/** Parses a decimal string; null for null, undefined or anything that is not a decimal. */
export function decimalOf(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined) {
    return null;
  }
  const parsed = Decimal.parse(text);
  return parsed.ok ? parsed.value : null;
}

/** The number of decimals of a tick size (`0.01` → 2, `1` → 0). */
export function decimalsOf(tickSize: string): number {
  const dot = tickSize.indexOf('.');
  return dot === -1 ? 0 : tickSize.length - dot - 1;
}

/** Options of {@link formatPrice}. */
export interface PriceOptions {
  /** The instrument's tick size: the price is shown with exactly its decimals (rounded half-even). */
  readonly tickSize?: string | null | undefined;
  readonly signDisplay?: SignDisplay;
}

/**
 * A price: en `3,050.10`, fr `3 050,10`; a dash when unknown. With the instrument's tick size it has exactly
 * the tick's decimals (an average cost of `95223.213440` on a 0.01 tick reads `95,223.21`); without one it keeps
 * the decimals it was sent with (quotes come on the tick already). A sign mode may be passed instead of options.
 */
export function formatPrice(
  text: string | null | undefined,
  language: DisplayLanguage,
  options: PriceOptions | SignDisplay = {},
): string {
  const { tickSize, signDisplay = 'auto' } =
    typeof options === 'string' ? { tickSize: undefined, signDisplay: options } : options;
  const value = decimalOf(text);
  if (value === null) {
    return DASH;
  }
  const digits = tickSize ? decimalsOf(tickSize) : undefined;
  return (
    formatNumberText(value.toString(), language, {
      signDisplay,
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    }) ?? DASH
  );
}

/**
 * A price with its currency: en `$595.00`, `£0.550`, fr `595,00 $US`; its decimals as {@link formatPrice} gives
 * them (a price on a 0.001 tick keeps three decimals, which an amount of pounds would not have).
 */
export function formatPriceIn(
  text: string | null | undefined,
  currency: string,
  language: DisplayLanguage,
  options: PriceOptions = {},
): string {
  const value = decimalOf(text);
  const asset = assetOf(currency);
  if (value === null) {
    return DASH;
  }
  const digits = options.tickSize ? decimalsOf(options.tickSize) : undefined;
  const formatted = formatNumberText(value.toString(), language, {
    ...(asset === undefined ? {} : { asset }),
    signDisplay: options.signDisplay ?? 'auto',
    ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  });
  if (formatted === undefined) {
    return DASH;
  }
  return asset === undefined ? `${formatted}\u00a0${currency}` : formatted;
}

/** A quantity without trailing zeros: `0.5`, `12`, `1,250`, fr `0,5`, `1 250`; a dash when unknown. */
export function formatQuantity(
  text: string | null | undefined,
  language: DisplayLanguage,
  /** The instrument's lot: with it, every quantity has the lot's decimals (one scale down a column). */
  lotSize?: string | null,
): string {
  const value = decimalOf(text);
  if (value === null) {
    return DASH;
  }
  const digits = lotSize ? decimalsOf(lotSize) : undefined;
  return (
    formatNumberText(
      value.toString(),
      language,
      digits === undefined
        ? { minimumFractionDigits: 0 }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    ) ?? DASH
  );
}

/** An amount of a currency: en `€1,234.56`, fr `1 234,56 €`; a dash when unknown. */
export function formatMoneyText(
  text: string | null | undefined,
  currency: string,
  language: DisplayLanguage,
  signDisplay: SignDisplay = 'auto',
): string {
  return text === null || text === undefined
    ? DASH
    : formatAmountText(text, currency, language, { signDisplay });
}

/**
 * A percentage (the text is the percentage itself, `1.23` for 1.23 %): en `+1.23%`, fr `+1,23 %` (a narrow
 * no-break space before the sign, as French writes it); signed unless `signed` is false; a dash when unknown.
 */
export function formatPercent(
  text: string | null | undefined,
  language: DisplayLanguage,
  options: { signed?: boolean } = {},
): string {
  const value = decimalOf(text);
  if (value === null) {
    return DASH;
  }
  const signDisplay = options.signed === false ? 'auto' : 'exceptZero';
  const digits = formatNumberText(value.toString(), language, { signDisplay }) ?? DASH;
  return language === 'fr' ? `${digits}\u202f%` : `${digits}%`;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and times

const NUMERIC_PARTS = new Map<string, Intl.DateTimeFormat>();

/** The calendar parts of an instant in a zone (the reader's zone when none is given). */
function partsOf(timeMs: number, timeZone: string | undefined) {
  const key = timeZone ?? '';
  let format = NUMERIC_PARTS.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    NUMERIC_PARTS.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(timeMs)) {
    parts[part.type] = part.value;
  }
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    hour: parts['hour'] ?? '00',
    minute: parts['minute'] ?? '00',
    second: parts['second'] ?? '00',
  };
}

function instantOf(time: number | string | Date): number {
  return typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time.getTime();
}

/** The date of an instant in the reader's zone (or `timeZone`): en `1 November 2026`, fr `1er novembre 2026`. */
export function formatDateOf(
  time: number | string | Date,
  language: DisplayLanguage,
  timeZone?: string,
): string {
  const ms = instantOf(time);
  return Number.isFinite(ms) ? formatLongDate(partsOf(ms, timeZone).date, language) : DASH;
}

/** A time of day, 24-hour, with seconds: `09:30:05` (trades, sessions), in `timeZone` when given. */
export function formatTime(
  time: number | string | Date,
  language: DisplayLanguage,
  timeZone?: string,
): string {
  void language;
  const ms = instantOf(time);
  if (!Number.isFinite(ms)) {
    return DASH;
  }
  const { hour, minute, second } = partsOf(ms, timeZone);
  return `${hour}:${minute}:${second}`;
}

/**
 * A date and time for people (order times, the next open): en `27 November 2026, 14:30`, fr `27 novembre 2026
 * à 14:30`, in the reader's zone; given a venue's zone, in that zone and saying so (`New York time`).
 */
export function formatDateTime(
  time: number | string | Date,
  language: DisplayLanguage,
  timeZone?: string,
): string {
  const ms = instantOf(time);
  if (!Number.isFinite(ms)) {
    return DASH;
  }
  const { date, hour, minute } = partsOf(ms, timeZone);
  const day = formatLongDate(date, language);
  const text = language === 'fr' ? `${day} à ${hour}:${minute}` : `${day}, ${hour}:${minute}`;
  return timeZone ? `${text} (${formatTimeZone(timeZone, language)})` : text;
}

const ZONE_CITIES: Readonly<Record<string, Readonly<Record<DisplayLanguage, string>>>> = {
  'America/New_York': { en: 'New York', fr: 'New York' },
  'America/Chicago': { en: 'Chicago', fr: 'Chicago' },
  'Europe/Berlin': { en: 'Frankfurt', fr: 'Francfort' },
  'Europe/Paris': { en: 'Paris', fr: 'Paris' },
  'Europe/Amsterdam': { en: 'Amsterdam', fr: 'Amsterdam' },
  'Europe/Brussels': { en: 'Brussels', fr: 'Bruxelles' },
  'Europe/London': { en: 'London', fr: 'Londres' },
  'Europe/Zurich': { en: 'Zurich', fr: 'Zurich' },
};

/**
 * A venue's time zone for people: `New York time` / `heure de New York`, `UTC`; a zone the app does not name is
 * its UTC offset now (`GMT+9`), never an IANA id.
 */
export function formatTimeZone(timeZone: string, language: DisplayLanguage): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    return 'UTC';
  }
  const city = ZONE_CITIES[timeZone]?.[language];
  if (city !== undefined) {
    return language === 'fr' ? `heure de ${city}` : `${city} time`;
  }
  try {
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(Date.now())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Instruments, venues, sectors, card brands

const VENUE_NAMES: Readonly<Record<ProductSource, string>> = {
  cboe: 'Cboe',
  nasdaq: 'Nasdaq',
  nyse: 'NYSE',
  xetra: 'Xetra',
  euronext: 'Euronext',
  lse: 'LSE',
  six: 'SIX',
  tessera: 'Tessera',
};

/** A venue's short name as people know it (`NYSE`, `Xetra`, `Tessera` for the internal crypto venue). */
export function formatVenue(source: string): string {
  return VENUE_NAMES[source as ProductSource] ?? source;
}

/** A product for people: its symbol and venue, `SPY · NYSE`, `ETH-EUR · Tessera`; never the id `SPY_nyse`. */
export function formatProduct(productId: string): string {
  const parsed = parseProduct(productId);
  return parsed === null ? productId : `${parsed.symbol} · ${formatVenue(parsed.source)}`;
}

/**
 * A product in a document title, which already ends with the brand: `SPY · NYSE`, but `ETH-EUR` alone for the
 * internal crypto venue (never `ETH-EUR · Tessera — Tessera`).
 */
export function formatProductTitle(productId: string): string {
  const parsed = parseProduct(productId);
  if (parsed === null) {
    return productId;
  }
  return parsed.source === 'tessera' ? parsed.symbol : formatProduct(productId);
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

/** Country calling codes of two and three digits that Tessera's customers use (others are read as one digit). */
const CALLING_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '351',
  '352',
  '353',
  '354',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '377',
  '385',
  '386',
  '420',
  '421',
  '423',
  '61',
  '64',
  '65',
  '81',
  '82',
  '86',
  '90',
  '91',
  '971',
  '972',
]);

/**
 * A phone number in E.164 (`+33618183104`) as people write it: the country code, then the national number in
 * groups, pairs after the first digit for France (`+33 6 18 18 31 04`), threes elsewhere (`+44 791 112 3456`).
 * Anything else (a masked `+*******3104`) is returned as it is.
 */
export function formatPhoneNumber(e164: string | null | undefined): string {
  if (e164 === null || e164 === undefined || !/^\+\d{8,15}$/.test(e164)) {
    return e164 ?? '';
  }
  const digits = e164.slice(1);
  const code =
    [3, 2].map((length) => digits.slice(0, length)).find((prefix) => CALLING_CODES.has(prefix)) ??
    digits.slice(0, 1);
  const national = digits.slice(code.length);
  const groups =
    code === '33' && national.length === 9
      ? [national.slice(0, 1), ...(national.slice(1).match(/\d{2}/g) ?? [])]
      : (national.match(/\d{1,3}/g) ?? []);
  // A last group of one digit joins the one before it (`456 7` reads badly).
  const last = groups.at(-1);
  if (groups.length > 1 && last?.length === 1) {
    groups.splice(-2, 2, `${groups.at(-2) ?? ''}${last}`);
  }
  return ['+' + code, ...groups].join('\u00a0');
}

/** The symbol of a product id (`SPY_nyse` → `SPY`). */
export function productSymbol(productId: string): string {
  return parseProduct(productId)?.symbol ?? productId;
}

const QUOTE_CURRENCY_NAMES: Readonly<Record<string, Readonly<Record<DisplayLanguage, string>>>> = {
  'US dollar': { en: 'US dollar', fr: 'dollar américain' },
  euro: { en: 'euro', fr: 'euro' },
  'pound sterling': { en: 'pound sterling', fr: 'livre sterling' },
  'Swiss franc': { en: 'Swiss franc', fr: 'franc suisse' },
};

/**
 * An instrument's name in the reader's language: companies and funds keep their own names; a crypto pair's quote
 * currency is translated (`Ether / US dollar`, `Ether / dollar américain`). Without a name, the product's symbol
 * and venue.
 */
export function formatInstrumentName(
  instrument: { readonly name?: string | null; readonly kind?: string } | null | undefined,
  productId: string,
  language: DisplayLanguage,
): string {
  const name = instrument?.name;
  if (!name) {
    return formatProduct(productId);
  }
  const pair = /^(.+) \/ (.+)$/.exec(name);
  if (pair !== null) {
    const quote = QUOTE_CURRENCY_NAMES[pair[2] ?? '']?.[language];
    return quote === undefined ? name : `${pair[1]} / ${quote}`;
  }
  return name;
}

/**
 * A sector's label (catalog sectors are GICS names, translated under `trading:market.sectors.names`), or null
 * when there is none (ETFs, crypto): the caller leaves the line out rather than showing "None".
 */
export function formatSector(
  sector: string | null | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (!sector || sector.toLowerCase() === 'none') {
    return null;
  }
  return t(`trading:market.sectors.names.${sector}`, { defaultValue: sector });
}

const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  mc: 'Mastercard',
  amex: 'American Express',
  americanexpress: 'American Express',
  cartesbancaires: 'Cartes Bancaires',
  cb: 'Cartes Bancaires',
  maestro: 'Maestro',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  dinersclub: 'Diners Club',
  diners: 'Diners Club',
};

/** A card brand cased one way whatever the source sent: `VISA`, `visa` → `Visa`; `amex` → `American Express`. */
export function formatCardBrand(brand: string | null | undefined): string {
  const text = (brand ?? '').trim();
  const known = CARD_BRANDS[text.toLowerCase().replace(/[\s_-]+/g, '')];
  if (known !== undefined) {
    return known;
  }
  return text.length === 0 ? '' : `${text.charAt(0).toUpperCase()}${text.slice(1).toLowerCase()}`;
}
