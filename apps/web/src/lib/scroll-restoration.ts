import type { ParsedLocation } from '@tanstack/react-router';

/**
 * Scroll restoration that leaves the first render of a hydrated page where the visitor is. The router puts the window
 * back at the top when a page is first rendered; for a pre-rendered page that render is the hydration, which may end
 * after the visitor has scrolled down the HTML already on screen: the page would jump to the top under their pointer
 * (a click on a footer link then lands on whatever came under it). Later navigations scroll as usual.
 */
export function scrollRestorationFor(
  hydratingHref: string | null,
): (options: { location: ParsedLocation }) => boolean {
  let first = hydratingHref !== null;
  return ({ location }) => {
    const keep = first && `${location.pathname}${location.searchStr}` === hydratingHref;
    first = false;
    return !keep;
  };
}
