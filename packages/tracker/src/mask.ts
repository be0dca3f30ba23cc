/**
 * Text masking (a bank's standard, stricter than the anchors): rrweb is configured with maskTextSelector '*', so
 * every text node goes through `maskText`:
 *  - IBAN-like and card-like text is always obscured, everywhere (no allow-list lets it through);
 *  - e-mail-like text is obscured when `obscureTextEmails` is on (the default, spec section 5);
 *  - money amounts (a currency symbol or code next to a number) are always obscured, unless the element (or an
 *    ancestor) carries `data-tracker-allow`;
 *  - every digit is obscured when `obscureTextNumbers` is on (off by default, spec section 5), unless allowed;
 *  - an element (or an ancestor) with `data-tracker-mask` has all its text obscured, whatever it is.
 * The patterns are deliberately broad ("-like"): a false positive costs a star, a false negative a customer's data.
 */

export interface MaskOptions {
  /** Obscure e-mail-like text (default true). */
  emails: boolean;
  /** Obscure every digit (default false). */
  numbers: boolean;
}

export interface MaskContext {
  /** Inside `data-tracker-mask`: everything obscured. */
  mask?: boolean;
  /** Inside `data-tracker-allow`: numbers and amounts pass (e-mails, IBANs and cards never do). */
  allow?: boolean;
}

export const EMAIL_PATTERN = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/gu;
/** Two letters, two digits, then 10 to 30 letters or digits, optionally grouped by spaces (every IBAN, and more). */
export const IBAN_PATTERN = /\b[A-Z]{2}[ \u00a0]?\d{2}(?:[ \u00a0-]?[A-Z0-9]){10,30}\b/giu;
/** 13 to 19 digits, optionally separated by spaces or hyphens (every card number, and more). */
export const CARD_PATTERN = /\d(?:[ \u00a0\u202f-]?\d){12,18}/gu;
const CURRENCY = String.raw`(?:[€$£¥₣₿¢₩₹₺₽]|\b(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK|HUF|BTC|ETH|USDC|USDT)\b)`;
const NUMBER = String.raw`[-+\u2212]?\d(?:[\d\s\u00a0\u202f.,'’]*\d)?`;
/** A currency symbol or code next to a number, either side: '€1,234.56', '1 234,56 €', 'EUR 12.00', '-$3'. */
export const AMOUNT_PATTERN = new RegExp(
  String.raw`${CURRENCY}[\s\u00a0\u202f]?${NUMBER}|${NUMBER}[\s\u00a0\u202f]?${CURRENCY}`,
  'gu',
);

const stars = (value: string): string => value.replace(/\S/gu, '*');
const starDigits = (value: string): string => value.replace(/\d/gu, '*');

/** The rules no allow-list lifts: IBANs, cards and (with the option) e-mails. */
export function maskAlways(text: string, emails = true): string {
  if (!/\d|@/u.test(text)) {
    return text;
  }
  let out = text;
  if (emails && out.includes('@')) {
    out = out.replace(EMAIL_PATTERN, stars);
  }
  if (/\d/u.test(out)) {
    out = out.replace(IBAN_PATTERN, stars).replace(CARD_PATTERN, stars);
  }
  return out;
}

/** Masks one text as the rules above say. */
export function maskText(text: string, options: MaskOptions, context: MaskContext = {}): string {
  if (context.mask) {
    return stars(text);
  }
  let out = maskAlways(text, options.emails);
  if (context.allow || !/\d/u.test(out)) {
    return out;
  }
  out = out.replace(AMOUNT_PATTERN, starDigits);
  return options.numbers ? starDigits(out) : out;
}

/** Obscures a whole value (attributes that must never be read, such as an input's value). */
export function maskAll(text: string): string {
  return stars(text);
}

interface ClosestElement {
  closest(selector: string): unknown;
}

/** The masking context of an element: `data-tracker-mask` wins over `data-tracker-allow`. */
export function elementContext(element: ClosestElement | null | undefined): MaskContext {
  if (!element || typeof element.closest !== 'function') {
    return {};
  }
  if (element.closest('[data-tracker-mask]')) {
    return { mask: true };
  }
  return element.closest('[data-tracker-allow]') ? { allow: true } : {};
}

/** rrweb's maskTextFn for the options given. */
export function createMaskTextFn(
  options: MaskOptions,
): (text: string, element: ClosestElement | null) => string {
  return (text, element) => {
    if (!/\S/u.test(text)) {
      return text;
    }
    const context = elementContext(element);
    if (!context.mask && !/\d|@/u.test(text)) {
      return text;
    }
    return maskText(text, options, context);
  };
}
