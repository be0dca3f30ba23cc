import clsx from 'clsx';
import { useId } from 'react';

/** Props of {@link Wordmark}. */
export interface WordmarkProps {
  /** The accessible name ("Tessera", or "Tessera, home" inside a home link). */
  title: string;
  /** 'full' is the mark and the word; 'mark' the tiles alone (favicons, tight headers). Default 'full'. */
  variant?: 'full' | 'mark';
  /** Height in pixels; the width follows. Default 28. */
  height?: number;
  className?: string;
}

/*
 * The brand's name as drawn, not as translated text: the accessible name comes from `title`, and the glyphs are
 * stretched to a fixed length so the wordmark keeps its width whatever system font renders it.
 */
const WORD = 'Tessera';

/** The T of tiles: [x, y, tone] on a 10px grid; one warm tile sets the accent. */
const TILES: ReadonlyArray<readonly [number, number, 'brand' | 'accent' | 'soft']> = [
  [0, 2, 'brand'],
  [10, 2, 'brand'],
  [20, 2, 'accent'],
  [10, 12, 'brand'],
  [10, 22, 'soft'],
];

/**
 * The Tessera wordmark: a T built from mosaic tiles and the word, as inline SVG. Colours follow the theme: the
 * word is currentColor, the tiles use --ts-color-brand and --ts-color-accent (override with --ts-wordmark-mark).
 */
export function Wordmark({ title, variant = 'full', height = 28, className }: WordmarkProps) {
  const titleId = useId();
  const width = variant === 'full' ? 138 : 28;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} 32`}
      height={height}
      width={(height * width) / 32}
      role="img"
      aria-labelledby={titleId}
      focusable="false"
      className={clsx('ts-wordmark', className)}
    >
      <title id={titleId}>{title}</title>
      {TILES.map(([x, y, tone]) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width="8"
          height="8"
          rx="1.75"
          className={`ts-wordmark__tile--${tone}`}
        />
      ))}
      {variant === 'full' ? (
        <text
          x="38"
          y="24"
          textLength="98"
          lengthAdjust="spacingAndGlyphs"
          className="ts-wordmark__word"
          aria-hidden="true"
        >
          {WORD}
        </text>
      ) : null}
    </svg>
  );
}
