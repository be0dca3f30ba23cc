import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Props of {@link TableScroll}: name it by the table's caption (labelledBy) or, without one, by a label. */
export type TableScrollProps = {
  /** The table. */
  children: ReactNode;
  className?: string;
} & ({ labelledBy: string; label?: never } | { label: string; labelledBy?: never });

/**
 * The scroll box of a hand-written table (the {@link Table} component has its own): on a narrow screen the table
 * scrolls sideways inside its card instead of widening the page. It is a region named after the table and
 * reachable by keyboard, so the hidden columns can be scrolled to without a mouse. Borderless: the card around it
 * draws the frame.
 */
export function TableScroll({ children, className, labelledBy, label }: TableScrollProps) {
  return (
    <div
      className={clsx('ts-table-scroll', 'ts-table-scroll--plain', className)}
      role="region"
      aria-labelledby={labelledBy}
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
