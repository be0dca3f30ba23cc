import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

/** Steps of the spacing scale usable as gaps (multiples of 4px: 4 is 16px). */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16;

/** Elements a layout helper may render as. */
export type LayoutElement = 'div' | 'section' | 'ul' | 'ol' | 'nav' | 'header' | 'footer' | 'main' | 'form';

/** Props of {@link Stack}. */
export interface StackProps extends HTMLAttributes<HTMLElement> {
  as?: LayoutElement;
  /** Space between children. Default 4 (16px). */
  gap?: SpaceStep;
  /** Cross-axis alignment. Default 'stretch'. */
  align?: 'start' | 'center' | 'end' | 'stretch';
}

/** Lays children out in a column with even gaps (classes only, so a strict CSP needs no inline styles). */
export function Stack({ as: Element = 'div', gap = 4, align = 'stretch', className, ...rest }: StackProps) {
  return <Element {...rest} className={clsx('ts-stack', `ts-gap-${gap}`, `ts-align-${align}`, className)} />;
}
