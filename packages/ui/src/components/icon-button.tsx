import clsx from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { ButtonSize } from './button';

/** Props of {@link IconButton}. */
export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** The accessible name, required because the button shows only an icon ("Open menu"). */
  label: string;
  /** The icon (from src/icons.tsx or your own, aria-hidden). */
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: ButtonSize;
  /** Style the single child (a router Link) instead of rendering a button. */
  asChild?: boolean;
}

/** A square button showing only an icon; its label is its accessible name. */
export function IconButton({
  label,
  children,
  variant = 'ghost',
  size = 'md',
  asChild = false,
  className,
  type,
  ...rest
}: IconButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      {...rest}
      type={asChild ? undefined : (type ?? 'button')}
      aria-label={label}
      className={clsx('ts-icon-button', `ts-button--${variant}`, `ts-icon-button--${size}`, className)}
    >
      {children}
    </Component>
  );
}
