import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

/** The meaning of a badge; colour is never the only signal, so the text must say it too. */
export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

/** Props of {@link Badge}. */
export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A leading status dot. */
  dot?: boolean;
  size?: 'sm' | 'md';
}

/** A short status label ("Pending", "Verified"). */
export function Badge({
  tone = 'neutral',
  dot = false,
  size = 'md',
  className,
  children,
  ...rest
}: BadgeProps) {
  return (
    <span {...rest} className={clsx('ts-badge', `ts-badge--${tone}`, `ts-badge--${size}`, className)}>
      {dot ? <span className="ts-badge__dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
