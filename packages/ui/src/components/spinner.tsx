import clsx from 'clsx';
import { VisuallyHidden } from './visually-hidden';

/** Spinner sizes: sm 16px, md 20px, lg 32px. */
export type SpinnerSize = 'sm' | 'md' | 'lg';

/** The spinning arc alone, decorative. Buttons use it while their aria-busy says they are working. */
export function SpinnerGlyph({ size = 'md', className }: { size?: SpinnerSize; className?: string }) {
  return (
    <svg
      className={clsx('ts-spinner', `ts-spinner--${size}`, className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="ts-spinner__track" cx="12" cy="12" r="9" strokeWidth="2.5" />
      <path className="ts-spinner__arc" d="M21 12a9 9 0 0 0-9-9" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading, read by screen readers ("Loading accounts"). Not shown. */
  label: string;
  size?: SpinnerSize;
  className?: string;
}

/** A loading indicator with a visually hidden label, announced politely (role status). */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={clsx('ts-spinner-wrap', className)}>
      <SpinnerGlyph size={size} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
