import clsx from 'clsx';
import type { HTMLAttributes } from 'react';
import { formatMoneyParts, joinMoneyParts, toDecimalString } from '../lib/format-money';
import type { MoneyLocale, MoneySignDisplay } from '../lib/format-money';

/** A formatter an app may inject (e.g. @tessera/money's formatMoney adapted to this signature). */
export type MoneyFormatter = (
  amountMinor: bigint,
  scale: number,
  currency: string,
  locale: MoneyLocale,
) => string;

/** Colour of an amount: 'auto' colours gains and losses by sign; 'neutral' never colours. */
export type MoneyTone = 'neutral' | 'auto' | 'positive' | 'negative';

/** Props of {@link MoneyDisplay}. */
export interface MoneyDisplayProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The amount in minor units of the asset (cents for EUR, satoshis for BTC, wei for ETH). */
  amountMinor: bigint;
  /** Digits after the decimal point in the asset's minor unit (EUR 2, BTC 8, ETH 18). */
  scale: number;
  /** The asset code ("EUR", "BTC"). */
  currency: string;
  locale: MoneyLocale;
  /** Formats instead of the built-in exact formatter; when given, signDisplay and emphasis do not apply. */
  format?: MoneyFormatter;
  /** Default 'neutral'. */
  tone?: MoneyTone;
  /** Default 'auto' (a sign only on negatives); 'exceptZero' suits gains and losses. */
  signDisplay?: MoneySignDisplay;
  /** Trim trailing zeros down to this many fraction digits (no rounding). Default: all digits of the scale. */
  minFractionDigits?: number;
  /** 'fraction' draws the decimals smaller, as balances are shown on a dashboard. Default 'none'. */
  emphasis?: 'none' | 'fraction';
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'display';
}

function resolveTone(tone: MoneyTone, amountMinor: bigint): 'neutral' | 'positive' | 'negative' {
  if (tone !== 'auto') {
    return tone;
  }
  if (amountMinor > 0n) {
    return 'positive';
  }
  return amountMinor < 0n ? 'negative' : 'neutral';
}

/**
 * An amount of money, exact (bigint minor units, never a JavaScript number), in tabular numerals, with an
 * optional gain/loss tone. Renders a data element whose value is the plain decimal ("-1234.56"). It carries
 * `data-tracker-mask`: the session tracker obscures every amount it shows (packages/tracker, issue #17).
 */
export function MoneyDisplay({
  amountMinor,
  scale,
  currency,
  locale,
  format,
  tone = 'neutral',
  signDisplay = 'auto',
  minFractionDigits,
  emphasis = 'none',
  size = 'md',
  className,
  ...rest
}: MoneyDisplayProps) {
  const resolvedTone = resolveTone(tone, amountMinor);
  const classes = clsx('ts-money', `ts-money--${size}`, `ts-money--${resolvedTone}`, className);
  const value = toDecimalString(amountMinor, scale);
  if (format) {
    return (
      <data data-tracker-mask="" {...rest} value={value} className={classes}>
        {format(amountMinor, scale, currency, locale)}
      </data>
    );
  }
  const parts = formatMoneyParts(amountMinor, scale, currency, locale, { signDisplay, minFractionDigits });
  if (emphasis === 'none' || !parts.fraction) {
    return (
      <data data-tracker-mask="" {...rest} value={value} className={classes}>
        {joinMoneyParts(parts, locale)}
      </data>
    );
  }
  // Split into the integer (large) and the fraction with its currency (small), in the locale's order.
  const whole = joinMoneyParts({ ...parts, decimalSeparator: '', fraction: '' }, locale);
  const minor = parts.decimalSeparator + parts.fraction;
  return (
    <data data-tracker-mask="" {...rest} value={value} className={classes}>
      {parts.currencyPosition === 'prefix' ? (
        <>
          {whole}
          <span className="ts-money__minor">{minor}</span>
        </>
      ) : (
        <>
          {parts.sign + parts.integer}
          <span className="ts-money__minor">
            {minor + whole.slice(parts.sign.length + parts.integer.length)}
          </span>
        </>
      )}
    </data>
  );
}
