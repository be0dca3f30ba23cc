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

/** What settles each pending gate, by id. */
const releases = new Map<string, () => void>();

/** Settles every pending gate: the whole page hydrates (before a change that re-renders all of it). */
export function hydrateDeferredParts(): void {
  for (const release of [...releases.values()]) {
    release();
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
        observer.disconnect();
        for (const type of INTERACTIONS) {
          element.removeEventListener(type, release, true);
        }
        releases.delete(id);
        gate.status = 'fulfilled';
        resolve();
      };
      observer.observe(element);
      for (const type of INTERACTIONS) {
        element.addEventListener(type, release, { capture: true, passive: true });
      }
    });
    releases.set(id, release);
  }
  gates.set(id, gate);
  return gate;
}

function WhenSeen({ id, children }: { id: string; children: ReactNode }) {
  use(gateFor(id) as Promise<void>);
  return children;
}

/** Renders `children` at once, except in a pre-rendered page being hydrated: there, once they come into view. */
export function DeferredHydration({ children, className }: { children: ReactNode; className?: string }) {
  const id = useId();
  // A part still waiting that gets new content (its page re-renders: a language change) hydrates now, so that
  // React never drops its server HTML for the empty fallback. The first render is the hydration itself.
  if (committed.has(id)) {
    releases.get(id)?.();
  }
  useEffect(() => {
    committed.add(id);
    return () => {
      committed.delete(id);
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
