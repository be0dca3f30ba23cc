/**
 * The live view's pure parts (issue #18): where an agent's pointer on the scaled mirror lands in the customer's
 * viewport, how much the mirror is scaled, and how durations and sizes read. No DOM, no React: unit-tested.
 */

/** A size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Where the mirror sits on the agent's screen (a DOMRect's left and top) and how much it is scaled. */
export interface MirrorPlacement {
  left: number;
  top: number;
  scale: number;
  /** The customer's viewport, in their CSS pixels (rrweb's meta and viewport-resize events). */
  viewport: Size;
}

/** A point in the customer's viewport, CSS pixels, whole numbers. */
export interface ViewportPoint {
  x: number;
  y: number;
}

/**
 * The customer's viewport point under the agent's pointer (clientX, clientY on the agent's page), or null when the
 * pointer is outside the mirrored viewport or the placement is unusable (no size yet, a zero scale). The mirror is
 * the customer's viewport drawn at `scale` from (left, top), so the inverse is a translation and a division.
 */
export function toViewport(
  clientX: number,
  clientY: number,
  placement: MirrorPlacement,
): ViewportPoint | null {
  const { left, top, scale, viewport } = placement;
  if (
    ![clientX, clientY, left, top, scale, viewport.width, viewport.height].every(Number.isFinite) ||
    scale <= 0 ||
    viewport.width <= 0 ||
    viewport.height <= 0
  ) {
    return null;
  }
  const x = Math.round((clientX - left) / scale);
  const y = Math.round((clientY - top) / scale);
  if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) {
    return null;
  }
  return { x, y };
}

/**
 * The scale that fits the customer's viewport into the panel (both directions when a height is given), never
 * enlarged past 1 and never below `minimum` (below it the mirror is unreadable: the page says the screen is too
 * narrow instead).
 */
export function fitScale(panel: Size, viewport: Size, minimum = 0.1): number {
  if (viewport.width <= 0 || viewport.height <= 0 || panel.width <= 0) {
    return minimum;
  }
  const byWidth = panel.width / viewport.width;
  const byHeight = panel.height > 0 ? panel.height / viewport.height : byWidth;
  return Math.max(minimum, Math.min(1, byWidth, byHeight));
}

/**
 * A length of time in whole seconds as the statistics show it: '0 s', '45 s', '3 min 05 s', '2 h 04 min'
 * (seconds dropped from an hour up). Negative or non-finite input reads as 0 s.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) {
    return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  }
  if (minutes > 0) {
    return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  }
  return `${rest} s`;
}

/** A call's elapsed time as the spec's call window shows it: 'Xm' then the seconds ('0m 07s', '12m 30s'). */
export function callDuration(elapsedMs: number): string {
  const seconds = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** Bytes as whole kilobytes (1000 bytes), for the call's 'kB received'. */
export function kilobytes(bytes: number): number {
  return Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes / 1000) : 0;
}

/**
 * Keys the agent may send while in control: one printable character, or one of these named keys. Tab is not among
 * them: it stays the agent's own, so the keyboard can always leave the control layer.
 */
export const CONTROL_KEYS = [
  'Backspace',
  'Delete',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
] as const;

/**
 * Whether a key pressed on the control layer is sent to the customer's page: a single printable character (no
 * Ctrl or Meta shortcut, which stay the agent's own) or a named editing key. Everything else stays local.
 */
export function isControlKey(key: string, modifiers: { ctrlKey: boolean; metaKey: boolean }): boolean {
  if (modifiers.ctrlKey || modifiers.metaKey) {
    return false;
  }
  return [...key].length === 1 || (CONTROL_KEYS as readonly string[]).includes(key);
}
