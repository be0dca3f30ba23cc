/**
 * Hydrates a part of a pre-rendered page only when it comes near the viewport or is touched (docs/adr/0004-public-
 * site.md). Until then its pre-rendered HTML stays as it is: readable, its links and native controls working, but
 * no JavaScript spent on it while the page loads. For parts below the fold made of text and links; not for
 * controls that need the app to work (they would stay inert until seen).
 *
 * How: the part is rendered inside a Suspense boundary, by a component that, while the page is being hydrated,
 * suspends until its element (found in the pre-rendered HTML by its useId) is seen. React keeps the server HTML of
 * a suspended boundary and hydrates it when the promise settles. In a render that is not a hydration (a client
 * navigation) or outside a browser (the pre-render), the element is not in the document yet and nothing waits.
 * A click on a link of a part still waiting is held back until the part is hydrated, then given to the app's link.
 */
import { Suspense, use, useEffect, useId, type ReactNode } from 'react';

const ATTRIBUTE = 'data-deferred-hydration';
/** How far below the viewport a part starts hydrating, so it is ready when scrolled to. */
const ROOT_MARGIN = '300px 0px';
/** Touching the part (or tabbing into it) hydrates it at once. */
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/** A promise React's `use` reads synchronously once settled (it checks these fields). */
type Gate = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const gates = new Map<string, Gate>();

function settled(): Gate {
  const gate: Gate = Promise.resolve();
  gate.status = 'fulfilled';
  return gate;
}

/** The parts already on screen (committed), by id. */
const committed = new Set<string>();

/** A click on a link held back this long without its part hydrating is let go as a plain page load. */
const HELD_CLICK_TIMEOUT_MS = 3000;

/** A part whose pre-rendered HTML is not hydrated yet. */
interface Waiting {
  element: Element;
  /** Starts its hydration (settles its gate); does nothing the second time. */
  release: () => void;
  /** A click on one of its links, to give back once it is hydrated. */
  held: { anchor: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null;
}

const waiting = new Map<string, Waiting>();

function waitingPartOf(target: EventTarget | null): Waiting | undefined {
  if (!(target instanceof Node)) {
    return undefined;
  }
  return [...waiting.values()].find((part) => part.element.contains(target));
}

/**
 * The link a plain click would follow in this tab (not a new tab, a download or another site), if any. Only such a
 * click is held back for the app; any other keeps the browser's own behaviour.
 */
function sameTabLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) {
    return null;
  }
  if ((anchor.target && anchor.target !== '_self') || anchor.origin !== window.location.origin) {
    return null;
  }
  return anchor;
}

function onInteraction(event: Event): void {
  waitingPartOf(event.target)?.release();
}

/**
 * A click on a link of a part not hydrated yet would be followed by the browser (a full page load): React cannot
 * run the link's handler, and stops the event while the part is not hydrated. Touching the part starts its
 * hydration, which ends a moment later: the click is held back until then and given again to the hydrated link,
 * which navigates within the app.
 */
function onClick(event: MouseEvent): void {
  const part = waitingPartOf(event.target);
  const anchor = part && !event.defaultPrevented ? sameTabLink(event) : null;
  if (!part || !anchor) {
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  part.release();
  if (part.held) {
    clearTimeout(part.held.timer);
  }
  part.held = { anchor, timer: setTimeout(() => window.location.assign(anchor.href), HELD_CLICK_TIMEOUT_MS) };
}

/*
 * The listeners are on the window, in the capture phase: they must run before React's own on the app's root, which
 * stop an event aimed at a part not hydrated yet.
 */
function startWaiting(id: string, part: Waiting): void {
  if (waiting.size === 0) {
    for (const type of INTERACTIONS) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true });
    }
    window.addEventListener('click', onClick, true);
  }
  waiting.set(id, part);
}

/** The part is hydrated, or gone: returns the link of the click held back for it, if any. */
function stopWaiting(id: string): HTMLAnchorElement | null {
  const part = waiting.get(id);
  if (!part) {
    return null;
  }
  part.release();
  waiting.delete(id);
  if (waiting.size === 0) {
    for (const type of INTERACTIONS) {
      window.removeEventListener(type, onInteraction, true);
    }
    window.removeEventListener('click', onClick, true);
  }
  if (part.held) {
    clearTimeout(part.held.timer);
  }
  return part.held?.anchor ?? null;
}

/** Settles every pending gate: the whole page hydrates (before a change that re-renders all of it). */
export function hydrateDeferredParts(): void {
  for (const part of [...waiting.values()]) {
    part.release();
  }
}

function gateFor(id: string): Gate {
  const existing = gates.get(id);
  if (existing) {
    return existing;
  }
  const element =
    typeof document === 'undefined' ? null : document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
  let gate: Gate;
  if (!element || typeof IntersectionObserver === 'undefined') {
    gate = settled();
  } else {
    let release = () => {};
    gate = new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            release();
          }
        },
        { rootMargin: ROOT_MARGIN },
      );
      release = () => {
        if (gate.status !== 'fulfilled') {
          observer.disconnect();
          gate.status = 'fulfilled';
          resolve();
        }
      };
      observer.observe(element);
    });
    startWaiting(id, { element, release: () => release(), held: null });
  }
  gates.set(id, gate);
  return gate;
}

/** Rendered inside a part: its effect runs once the part is hydrated (or rendered) and committed. */
function Hydrated({ id }: { id: string }) {
  useEffect(() => {
    stopWaiting(id)?.click();
  }, [id]);
  return null;
}

function WhenSeen({ id, children }: { id: string; children: ReactNode }) {
  use(gateFor(id) as Promise<void>);
  return (
    <>
      {children}
      <Hydrated id={id} />
    </>
  );
}

/** Renders `children` at once, except in a pre-rendered page being hydrated: there, once they come into view. */
export function DeferredHydration({ children, className }: { children: ReactNode; className?: string }) {
  const id = useId();
  // A part still waiting that gets new content (its page re-renders: a language change) hydrates now, so that
  // React never drops its server HTML for the empty fallback. The first render is the hydration itself.
  if (committed.has(id)) {
    waiting.get(id)?.release();
  }
  useEffect(() => {
    committed.add(id);
    return () => {
      committed.delete(id);
      stopWaiting(id);
    };
  }, [id]);
  return (
    <div {...{ [ATTRIBUTE]: id }} className={className}>
      <Suspense fallback={null}>
        <WhenSeen id={id}>{children}</WhenSeen>
      </Suspense>
    </div>
  );
}
