import clsx from 'clsx';
import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

/** One choice of a {@link SegmentedControl}. */
export interface SegmentedOption<Value extends string> {
  value: Value;
  /** The option's name, always given; hidden visually with hideLabel. */
  label: string;
  icon?: ReactNode;
  /** Show only the icon (the label stays for screen readers). */
  hideLabel?: boolean;
  disabled?: boolean;
}

/** Props of {@link SegmentedControl}. */
export interface SegmentedControlProps<Value extends string> {
  /** The group's accessible name ("Theme", "Language"). */
  label: string;
  options: readonly SegmentedOption<Value>[];
  value?: Value;
  defaultValue?: Value;
  onValueChange?: (value: Value) => void;
  /** Submits the value with a form. */
  name?: string;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  className?: string;
}

/**
 * A compact single choice (a radio group on Radix RadioGroup: arrow keys move and select), e.g. the theme
 * (light, dark, system) or the language.
 */
export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  name,
  size = 'md',
  fullWidth = false,
  className,
}: SegmentedControlProps<Value>) {
  const handleChange = (next: string) => {
    // Radix reports a plain string; map it back to the option so the caller gets its own type, no cast.
    const option = options.find((candidate) => candidate.value === next);
    if (option) {
      onValueChange?.(option.value);
    }
  };
  return (
    <RadioGroup.Root
      aria-label={label}
      orientation="horizontal"
      loop
      name={name}
      value={value}
      defaultValue={defaultValue}
      onValueChange={handleChange}
      className={clsx('ts-segmented', `ts-segmented--${size}`, fullWidth && 'ts-segmented--full', className)}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          className={clsx('ts-segmented__item', option.hideLabel && 'ts-segmented__item--icon')}
        >
          {option.icon ? <span className="ts-segmented__icon">{option.icon}</span> : null}
          {option.hideLabel ? <VisuallyHidden>{option.label}</VisuallyHidden> : <span>{option.label}</span>}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
