import clsx from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from './field';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size' | 'prefix'> {
  /** The visible label (required: placeholders are not labels). */
  label: ReactNode;
  /** Help under the field, linked with aria-describedby. */
  hint?: ReactNode;
  /** The error under the field; sets aria-invalid and is announced with the field. */
  error?: ReactNode;
  /** Keep the label for screen readers only (e.g. a search box beside a visible heading). */
  hideLabel?: boolean;
  /** Text or an icon inside the field before the value ("€", a search icon). Decorative. */
  prefix?: ReactNode;
  /** Text or an icon inside the field after the value ("EUR"). Decorative. */
  suffix?: ReactNode;
  size?: 'md' | 'lg';
}

/** A labelled text input with hint, error (aria-invalid, aria-describedby) and a required marker. */
export function TextField({
  label,
  hint,
  error,
  hideLabel = false,
  prefix,
  suffix,
  size = 'md',
  id,
  required,
  className,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds(id);
  const invalid = Boolean(error);
  return (
    <div className={clsx('ts-field', className)}>
      <FieldLabel ids={ids} label={label} required={required} hideLabel={hideLabel} />
      <div
        className={clsx(
          'ts-input',
          `ts-input--${size}`,
          invalid && 'ts-input--invalid',
          rest.disabled && 'ts-input--disabled',
        )}
      >
        {prefix ? (
          <span className="ts-input__affix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          {...rest}
          id={ids.control}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(ids, hint, error, ariaDescribedBy)}
          className="ts-input__control"
        />
        {suffix ? (
          <span className="ts-input__affix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
