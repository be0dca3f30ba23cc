import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';

/** Props of {@link TableScroll}: name it by the table's caption (labelledBy) or, without one, by a label. */
export type TableScrollProps = {
  /** The table. */
  children: ReactNode;
  className?: string;
} & ({ labelledBy: string; label?: never } | { label: string; labelledBy?: never });

/**
 * Marks which sides of a scroll box hide more of its content: `data-more-start` when it is scrolled away from its
 * start, `data-more-end` when more lies past its end (the CSS fades that edge). Kept up to date on scroll and when
 * the box or its table changes size.
 */
export function markHiddenSides(box: HTMLElement): void {
  const hiddenBefore = box.scrollLeft > 1;
  const hiddenAfter = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
  box.toggleAttribute('data-more-start', hiddenBefore);
  box.toggleAttribute('data-more-end', hiddenAfter);
}

/**
 * The scroll box of a hand-written table (the {@link Table} component has its own): on a narrow screen the table
 * scrolls sideways inside its card instead of widening the page, and the edge where more columns are hidden fades
 * out, so a customer sees that it scrolls (data.css); at rest the start edge never fades, so the first column
 * stays readable. It is a region named after the table and reachable by keyboard, so the hidden columns can be
 * scrolled to without a mouse. Borderless: the card around it draws the frame.
 */
export function TableScroll({ children, className, labelledBy, label }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) {
      return;
    }
    const update = () => markHiddenSides(element);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(element);
    if (element.firstElementChild) {
      resized?.observe(element.firstElementChild);
    }
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, []);
  return (
    <div
      ref={box}
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
