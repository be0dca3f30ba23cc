import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { Wallet } from '@tessera/contracts';
import { Select, type SelectOption } from '@tessera/ui';
import type { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { formatAmountText } from '#/lib/money.ts';
import type { Translate } from '#/components/form-options.ts';

/** Sends a request that may need a fresh second factor (the transfer dialog's step-up). */
export type RunWithStepUp = ReturnType<typeof useStepUpRetry>['run'];

/** A wallet as a choice of the transfer forms: its name and what is available in it. */
export function walletOption(wallet: Wallet, language: 'en' | 'fr', t: Translate): SelectOption {
  return {
    value: wallet.id,
    label: t('transfer.walletOption', {
      name: wallet.name,
      available: formatAmountText(wallet.balance.available, wallet.asset, language),
    }),
  };
}

/** The wallet the dialog was opened from when it can send, else the first one. */
export function pickInitial(wallets: readonly Wallet[], initial: string | undefined): string {
  return wallets.find((wallet) => wallet.id === initial)?.id ?? wallets[0]?.id ?? '';
}

/** The asset of one of the wallets, by id. */
export function assetOf(wallets: readonly Wallet[], walletId: string): string | undefined {
  return wallets.find((wallet) => wallet.id === walletId)?.asset;
}

/** A required wallet select bound to a react-hook-form field; `onChosen` runs after each choice. */
export function WalletSelect<Values extends FieldValues>({
  control,
  name,
  label,
  options,
  onChosen,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  options: readonly SelectOption[];
  onChosen?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          value={field.value as string}
          onValueChange={(value) => {
            field.onChange(value);
            onChosen?.();
          }}
          options={options}
          required
        />
      )}
    />
  );
}
