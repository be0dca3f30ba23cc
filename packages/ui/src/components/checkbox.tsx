import clsx from 'clsx';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CheckIcon, MinusIcon } from '../icons';

/** Props of {@link Checkbox}: Radix Checkbox's (checked may be 'indeterminate') plus a label. */
export interface CheckboxProps extends Omit<ComponentPropsWithRef<typeof RadixCheckbox.Root>, 'children'> {
  label: ReactNode;
  /** A second line under the label, linked with aria-describedby. */
  description?: ReactNode;
}

/** A labelled checkbox on Radix Checkbox, with an indeterminate state. */
export function Checkbox({ label, description, id, className, ...rest }: CheckboxProps) {
  const base = useId();
  const controlId = id ?? `${base}control`;
  const descriptionId = `${base}description`;
  return (
    <div className={clsx('ts-choice', className)}>
      <RadixCheckbox.Root
        {...rest}
        id={controlId}
        aria-describedby={description ? descriptionId : undefined}
        className="ts-checkbox"
      >
        <RadixCheckbox.Indicator className="ts-checkbox__indicator">
          <CheckIcon size={14} className="ts-checkbox__check" strokeWidth={2.5} />
          <MinusIcon size={14} className="ts-checkbox__minus" strokeWidth={2.5} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
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
