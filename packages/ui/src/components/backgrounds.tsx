import clsx from 'clsx';
import { useMemo } from 'react';

/** Props of {@link BackgroundLeft} and {@link BackgroundRight}. */
export interface BackgroundProps {
  className?: string;
}

type Tone = 1 | 2 | 3 | 4 | 'accent';

interface Tile {
  d: string;
  tone: Tone;
  opacity: number;
}

const CELL = 60;
const COLUMNS = 8;
const ROWS = 14;
/** The grout between tiles, in viewBox units. */
const GAP = 4;

/** mulberry32: a tiny seeded generator, so the pattern is the same on the server, the client and every visit. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The outline of one tile shape in the cell whose top-left corner is (x, y). */
function tilePath(shape: number, x: number, y: number): string {
  const size = CELL - GAP;
  const [left, top, right, bottom] = [x + GAP / 2, y + GAP / 2, x + GAP / 2 + size, y + GAP / 2 + size];
  switch (shape) {
    case 0: // a triangle in the top-left half
      return `M${left} ${top}H${right}L${left} ${bottom}Z`;
    case 1: // a triangle in the bottom-right half
      return `M${right} ${top}V${bottom}H${left}Z`;
    case 2: // a quarter disc pivoting on the bottom-left corner
      return `M${left} ${bottom}V${top}A${size} ${size} 0 0 1 ${right} ${bottom}Z`;
    case 3: // a quarter disc pivoting on the top-right corner
      return `M${right} ${top}V${bottom}A${size} ${size} 0 0 1 ${left} ${top}Z`;
    case 4: // a half tile
      return `M${left} ${top}H${right}V${top + size / 2 - GAP / 2}H${left}Z`;
    default: // a square with softened corners
      return `M${left + 3} ${top}H${right - 3}Q${right} ${top} ${right} ${top + 3}V${bottom - 3}Q${right} ${bottom} ${right - 3} ${bottom}H${left + 3}Q${left} ${bottom} ${left} ${bottom - 3}V${top + 3}Q${left} ${top} ${left + 3} ${top}Z`;
  }
}

/** How often each tone appears: mostly the pale tints, the deep brand tone and the warm accent sparingly. */
const TONE_WEIGHTS: ReadonlyArray<readonly [Tone, number]> = [
  [4, 0.36],
  [3, 0.3],
  [2, 0.18],
  [1, 0.1],
  ['accent', 0.06],
];

function pickTone(roll: number): Tone {
  let cumulative = 0;
  for (const [tone, weight] of TONE_WEIGHTS) {
    cumulative += weight;
    if (roll < cumulative) {
      return tone;
    }
  }
  return 4;
}

/** Tiles dense at the outer edge, thinning towards the content so text never sits on a busy pattern. */
function buildMosaic(seed: number, outerEdge: 'left' | 'right'): Tile[] {
  const random = seededRandom(seed);
  const tiles: Tile[] = [];
  for (let row = 0; row < ROWS; row += 1) {
    for (let column = 0; column < COLUMNS; column += 1) {
      const fromEdge = outerEdge === 'left' ? column : COLUMNS - 1 - column;
      const density = 0.8 - (1.1 * fromEdge) / COLUMNS;
      const roll = random();
      const shape = Math.floor(random() * 7);
      const tone = pickTone(random());
      if (roll > density) {
        continue;
      }
      tiles.push({ d: tilePath(shape, column * CELL, row * CELL), tone, opacity: 0.2 + 0.55 * density });
    }
  }
  return tiles;
}

function Mosaic({ seed, side, className }: { seed: number; side: 'left' | 'right'; className?: string }) {
  const tiles = useMemo(() => buildMosaic(seed, side), [seed, side]);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${COLUMNS * CELL} ${ROWS * CELL}`}
      preserveAspectRatio={side === 'left' ? 'xMinYMin slice' : 'xMaxYMin slice'}
      aria-hidden="true"
      focusable="false"
      className={clsx('ts-background', `ts-background--${side}`, className)}
    >
      {tiles.map((tile, index) => (
        <path
          key={index}
          d={tile.d}
          opacity={tile.opacity.toFixed(2)}
          className={`ts-background__tile ts-background__tile--${tile.tone}`}
        />
      ))}
    </svg>
  );
}

/**
 * A decorative mosaic for the left edge of a page (aria-hidden), in the theme's illustration colours. Place it
 * in a positioned container; the default CSS pins it to the left, full height, fading towards the centre.
 */
export function BackgroundLeft({ className }: BackgroundProps) {
  return <Mosaic seed={20240611} side="left" className={className} />;
}

/** The mirror of {@link BackgroundLeft} for the right edge, with its own pattern. */
export function BackgroundRight({ className }: BackgroundProps) {
  return <Mosaic seed={19710407} side="right" className={className} />;
}
