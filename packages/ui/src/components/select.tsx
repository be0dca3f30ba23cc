import clsx from 'clsx';
import { Select as RadixSelect } from 'radix-ui';
import { styleNonce } from '../lib/style-nonce';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon } from '../icons';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Props of {@link Select}. */
export interface SelectProps {
  /** The visible label, also the trigger's accessible name. */
  label: ReactNode;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The form field name: Radix renders a hidden native select so forms submit the value. */
  name?: string;
  id?: string;
  hideLabel?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}

/** A labelled select on Radix Select: keyboard navigation, typeahead, a popover that fits the viewport. */
export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  required,
  hideLabel = false,
  size = 'md',
  id,
  className,
  ...root
}: SelectProps) {
  const ids = useFieldIds(id);
  const invalid = Boolean(error);
  return (
    <div className={clsx('ts-field', className)}>
      <FieldLabel ids={ids} label={label} required={required} hideLabel={hideLabel} />
      <RadixSelect.Root {...root} required={required}>
        <RadixSelect.Trigger
          id={ids.control}
          aria-labelledby={ids.label}
          aria-describedby={describedBy(ids, hint, error)}
          aria-invalid={invalid || undefined}
          className={clsx(
            'ts-input',
            'ts-select__trigger',
            `ts-input--${size}`,
            invalid && 'ts-input--invalid',
          )}
        >
          <span className="ts-select__value">
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon className="ts-select__icon">
            <ChevronDownIcon size={18} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="ts-popover ts-select__content" position="popper" sideOffset={6}>
            <RadixSelect.Viewport className="ts-select__viewport" nonce={styleNonce()}>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className="ts-menu__item ts-select__item"
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="ts-select__indicator">
                    <CheckIcon size={16} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
