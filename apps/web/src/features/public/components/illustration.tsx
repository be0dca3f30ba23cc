import type { ReactNode } from 'react';

/**
 * The frame of Tessera's illustrations: a 480×360 SVG named by `label` (they show what the product does, so
 * screen readers get a sentence), coloured only through the illustration tokens in app.css (light and dark).
 */
export function Illustration({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg className="app-illu" viewBox="0 0 480 360" role="img" aria-label={label} focusable="false">
      {children}
    </svg>
  );
}
