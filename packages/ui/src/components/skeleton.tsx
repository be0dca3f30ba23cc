import clsx from 'clsx';
import type { CSSProperties } from 'react';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** 'text' is a line of text's height; 'circle' is an avatar; 'block' fills the given size. Default 'text'. */
  shape?: 'text' | 'block' | 'circle';
  /** A CSS length ("12rem", "60%"). */
  width?: string;
  height?: string;
  /** Several text lines, the last one shorter. */
  lines?: number;
  className?: string;
}

/** The largest number of skeleton lines drawn: a placeholder should hint at content, not mimic a page of it. */
const LINES_MAX = 12;

/**
 * A placeholder shape while content loads. It is hidden from assistive technology: mark the loading region
 * aria-busy and put a Spinner (with its label) or a status message beside it.
 */
export function Skeleton({ shape = 'text', width, height, lines = 1, className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  if (shape === 'text' && lines > 1) {
    const count = Math.min(Math.max(1, Math.floor(lines)), LINES_MAX);
    return (
      <span className={clsx('ts-skeleton-lines', className)} style={{ width }} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <span key={index} className="ts-skeleton ts-skeleton--text" />
        ))}
      </span>
    );
  }
  return (
    <span
      className={clsx('ts-skeleton', `ts-skeleton--${shape}`, className)}
      style={style}
      aria-hidden="true"
    />
  );
}
