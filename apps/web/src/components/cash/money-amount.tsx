import { MoneyDisplay, type MoneyDisplayProps } from '@tessera/ui';
import type { SignDisplay } from '#/lib/format-number.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { assetOf, formatMinorText, toMinor } from '#/lib/money.ts';

/**
 * An amount from cash operations (a decimal string in the asset's unit) shown exactly, in the page's language,
 * with the app's one formatter (format-number.ts): `€1,234.56` / `1 234,56 €`, crypto with its code and
 * without trailing zeros.
 */
export function MoneyAmount({
  amount,
  asset: assetCode,
  size = 'md',
  tone = 'neutral',
  signDisplay = 'auto',
  className,
}: {
  amount: string;
  asset: string;
  size?: MoneyDisplayProps['size'];
  tone?: MoneyDisplayProps['tone'];
  signDisplay?: SignDisplay;
  className?: string;
}) {
  useTranslation();
  const language = currentLanguage();
  const asset = assetOf(assetCode);
  const minor = asset ? toMinor(amount, asset) : undefined;
  if (!asset || minor === undefined) {
    return <span className={className} data-tracker-mask="">{`${amount}\u00a0${assetCode}`}</span>;
  }
  return (
    <MoneyDisplay
      amountMinor={minor}
      scale={asset.scale}
      currency={asset.code}
      locale={language}
      size={size}
      tone={tone}
      className={className}
      format={(value, _scale, _currency, locale) =>
        formatMinorText(value as typeof minor, asset, locale, { signDisplay })
      }
    />
  );
}
