import clsx from 'clsx';
import type { HTMLAttributes } from 'react';
import type { LayoutElement, SpaceStep } from './stack';

/** Props of {@link Cluster}. */
export interface ClusterProps extends HTMLAttributes<HTMLElement> {
  as?: LayoutElement;
  /** Space between children. Default 2 (8px). */
  gap?: SpaceStep;
  /** Cross-axis alignment. Default 'center'. */
  align?: 'start' | 'center' | 'end' | 'baseline' | 'stretch';
  /** Main-axis distribution. Default 'start'. */
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Wrap onto new lines when out of room. Default true. */
  wrap?: boolean;
}

/** Lays children out in a row that wraps (button groups, tags, toolbars). */
export function Cluster({
  as: Element = 'div',
  gap = 2,
  align = 'center',
  justify = 'start',
  wrap = true,
  className,
  ...rest
}: ClusterProps) {
  return (
    <Element
      {...rest}
      className={clsx(
        'ts-cluster',
        `ts-gap-${gap}`,
        `ts-align-${align}`,
        `ts-justify-${justify}`,
        !wrap && 'ts-cluster--nowrap',
        className,
      )}
    />
  );
}
