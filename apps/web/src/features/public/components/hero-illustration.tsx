import { Illustration } from './illustration.tsx';

/** Home: three wallets (EUR, USD, BTC) stacked over a rising portfolio line. */
export function HeroIllustration({ label }: { label: string }) {
  return (
    <Illustration label={label}>
      <rect className="illu-4" x="20" y="40" width="440" height="290" rx="28" />
      <path className="illu-line" d="M50 290 L130 250 L190 265 L270 200 L330 215 L430 130" />
      <path className="illu-3" d="M50 290 L130 250 L190 265 L270 200 L330 215 L430 130 L430 310 L50 310 Z" />
      <g className="illu-card">
        <rect x="60" y="70" width="200" height="64" rx="14" />
        <rect x="100" y="146" width="200" height="64" rx="14" />
        <rect x="140" y="222" width="200" height="64" rx="14" />
      </g>
      <circle className="illu-1" cx="90" cy="102" r="16" />
      <circle className="illu-2" cx="130" cy="178" r="16" />
      <circle className="illu-accent" cx="170" cy="254" r="16" />
      <g className="illu-glyph">
        <path d="M96 95 a8 8 0 1 0 0 14 M82 100 h10 M82 104 h10" />
        <path d="M130 168 v20 M135 172 q-5 -4 -9 0 q-3 4 4 6 q7 2 4 6 q-4 4 -9 0" />
        <path d="M166 246 v16 M166 246 h6 q5 0 5 4 q0 4 -5 4 h-6 M166 254 h7 q5 0 5 4 q0 4 -5 4 h-7" />
      </g>
      <g className="illu-bar">
        <rect x="116" y="94" width="90" height="8" rx="4" />
        <rect x="156" y="170" width="110" height="8" rx="4" />
        <rect x="196" y="246" width="70" height="8" rx="4" />
      </g>
      <circle className="illu-accent" cx="430" cy="130" r="9" />
    </Illustration>
  );
}
