import { describe, expect, it } from 'vitest';
import type { ParsedLocation } from '@tanstack/react-router';
import { scrollRestorationFor } from './scroll-restoration.ts';

const at = (pathname: string, searchStr = '') => ({ location: { pathname, searchStr } as ParsedLocation });

describe('scrollRestorationFor', () => {
  it('leaves the first render of the hydrated page where the visitor scrolled, then scrolls as usual', () => {
    const restore = scrollRestorationFor('/pricing/?lng=fr');
    expect(restore(at('/pricing/', '?lng=fr'))).toBe(false);
    expect(restore(at('/legal/terms/'))).toBe(true);
    expect(restore(at('/pricing/', '?lng=fr'))).toBe(true);
  });

  it('scrolls when the first render is already another page (a link followed during the hydration)', () => {
    const restore = scrollRestorationFor('/pricing/');
    expect(restore(at('/legal/terms/'))).toBe(true);
    expect(restore(at('/pricing/'))).toBe(true);
  });

  it('scrolls on every render of a page rendered afresh (nothing was on screen to keep)', () => {
    const restore = scrollRestorationFor(null);
    expect(restore(at('/dashboard/home/'))).toBe(true);
  });
});
