import { describe, expect, it } from 'vitest';
import {
  callDuration,
  fitScale,
  formatDuration,
  isControlKey,
  kilobytes,
  toViewport,
} from './assist-math.ts';

const placement = { left: 100, top: 50, scale: 0.5, viewport: { width: 1280, height: 720 } };

describe('toViewport: the agent pointer on the scaled mirror, in the customer viewport', () => {
  it('maps the mirror origin to the viewport origin', () => {
    expect(toViewport(100, 50, placement)).toEqual({ x: 0, y: 0 });
  });

  it('undoes the scale', () => {
    expect(toViewport(100 + 320, 50 + 180, placement)).toEqual({ x: 640, y: 360 });
  });

  it('rounds to whole CSS pixels', () => {
    expect(toViewport(100.4, 50.8, placement)).toEqual({ x: 1, y: 2 });
  });

  it('refuses points outside the mirrored viewport', () => {
    expect(toViewport(99, 60, placement)).toBeNull();
    expect(toViewport(100 + 640, 60, placement)).toBeNull();
    expect(toViewport(200, 50 + 360, placement)).toBeNull();
  });

  it('refuses an unusable placement', () => {
    expect(toViewport(120, 60, { ...placement, scale: 0 })).toBeNull();
    expect(toViewport(120, 60, { ...placement, viewport: { width: 0, height: 720 } })).toBeNull();
    expect(toViewport(Number.NaN, 60, placement)).toBeNull();
  });

  it('is the identity at scale 1 from the origin', () => {
    expect(toViewport(37, 410, { left: 0, top: 0, scale: 1, viewport: { width: 390, height: 844 } })).toEqual(
      {
        x: 37,
        y: 410,
      },
    );
  });
});

describe('fitScale', () => {
  it('never enlarges', () => {
    expect(fitScale({ width: 2000, height: 0 }, { width: 1280, height: 720 })).toBe(1);
  });

  it('fits the width', () => {
    expect(fitScale({ width: 640, height: 0 }, { width: 1280, height: 720 })).toBe(0.5);
  });

  it('fits the height too when given', () => {
    expect(fitScale({ width: 1280, height: 360 }, { width: 1280, height: 720 })).toBe(0.5);
  });

  it('keeps a floor', () => {
    expect(fitScale({ width: 10, height: 0 }, { width: 1280, height: 720 }, 0.2)).toBe(0.2);
  });
});

describe('durations', () => {
  it('reads seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(7440)).toBe('2 h 04 min');
  });

  it('reads hostile input as zero', () => {
    expect(formatDuration(-5)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
    expect(formatDuration(12.9)).toBe('12 s');
  });

  it('shows a call as Xm and seconds', () => {
    expect(callDuration(7_000)).toBe('0m 07s');
    expect(callDuration(750_999)).toBe('12m 30s');
    expect(callDuration(-1)).toBe('0m 00s');
  });

  it('counts kilobytes', () => {
    expect(kilobytes(0)).toBe(0);
    expect(kilobytes(123_456)).toBe(123);
    expect(kilobytes(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('isControlKey', () => {
  const plain = { ctrlKey: false, metaKey: false };
  it('sends printable characters and editing keys', () => {
    expect(isControlKey('a', plain)).toBe(true);
    expect(isControlKey('é', plain)).toBe(true);
    expect(isControlKey('Backspace', plain)).toBe(true);
    expect(isControlKey('Enter', plain)).toBe(true);
  });

  it('keeps shortcuts and other keys local', () => {
    expect(isControlKey('c', { ctrlKey: true, metaKey: false })).toBe(false);
    expect(isControlKey('v', { ctrlKey: false, metaKey: true })).toBe(false);
    expect(isControlKey('F5', plain)).toBe(false);
    expect(isControlKey('Shift', plain)).toBe(false);
    // Tab stays the agent's, so the keyboard is never trapped in the control layer.
    expect(isControlKey('Tab', plain)).toBe(false);
  });
});
