import clsx from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { SpinnerGlyph } from './spinner';
import { VisuallyHidden } from './visually-hidden';

/** Visual weight of a button: one primary action per view; danger for destructive ones. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Button heights: sm 32px, md 40px, lg 48px. */
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Props of {@link Button}. */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and ignores clicks, while keeping focus on the button. */
  loading?: boolean;
  /** Read by screen readers while loading ("Sending"). */
  loadingLabel?: string;
  /** Style the single child (a router Link, an anchor) as a button instead of rendering a button. */
  asChild?: boolean;
  /** Stretch to the container's width. */
  fullWidth?: boolean;
  /** An icon before the label (replaced by the spinner while loading). */
  iconStart?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
}

/**
 * The button. With `asChild` it styles its child instead:
 * `<Button asChild variant="secondary"><Link to="/help">{t('help')}</Link></Button>`.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  asChild = false,
  fullWidth = false,
  iconStart,
  iconEnd,
  className,
  children,
  onClick,
  type,
  disabled,
  ...rest
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  // A link cannot be disabled natively, and a loading button stays focusable (disabling it would drop focus):
  // both say aria-disabled and swallow clicks instead.
  const inert = loading || (asChild && disabled === true);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inert) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Component
      {...rest}
      type={asChild ? undefined : (type ?? 'button')}
      disabled={asChild ? undefined : disabled}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      className={clsx(
        'ts-button',
        `ts-button--${variant}`,
        `ts-button--${size}`,
        fullWidth && 'ts-button--full',
        loading && 'ts-button--loading',
        className,
      )}
      onClick={handleClick}
    >
      {loading ? <SpinnerGlyph size="sm" className="ts-button__spinner" /> : iconStart}
      <Slot.Slottable>{children}</Slot.Slottable>
      {loading && loadingLabel ? <VisuallyHidden>{loadingLabel}</VisuallyHidden> : null}
      {iconEnd}
    </Component>
  );
}
