import clsx from 'clsx';
import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/** Props of {@link Switch}: Radix Switch's plus a label. */
export interface SwitchProps extends Omit<ComponentPropsWithRef<typeof RadixSwitch.Root>, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** 'end' puts the switch after the text, spread across the row, as in a settings list. Default 'start'. */
  switchPosition?: 'start' | 'end';
}

/** An on/off setting that applies at once (role switch), on Radix Switch. */
export function Switch({
  label,
  description,
  switchPosition = 'start',
  id,
  className,
  ...rest
}: SwitchProps) {
  const base = useId();
  const controlId = id ?? `${base}control`;
  const descriptionId = `${base}description`;
  return (
    <div className={clsx('ts-choice', switchPosition === 'end' && 'ts-choice--end', className)}>
      <RadixSwitch.Root
        {...rest}
        id={controlId}
        aria-describedby={description ? descriptionId : undefined}
        className="ts-switch"
      >
        <RadixSwitch.Thumb className="ts-switch__thumb" />
      </RadixSwitch.Root>
      <span className="ts-choice__text">
        <label htmlFor={controlId} className="ts-choice__label">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="ts-choice__description">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
