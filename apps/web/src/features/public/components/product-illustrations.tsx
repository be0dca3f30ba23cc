import { Illustration } from './illustration.tsx';

/** Trading: a candlestick chart with a limit order line. */
function TradingIllustration({ label }: { label: string }) {
  const candles = [
    [70, 210, 250, 190, 270, true],
    [110, 190, 225, 175, 240, true],
    [150, 200, 230, 185, 245, false],
    [190, 165, 205, 150, 215, true],
    [230, 150, 180, 130, 195, true],
    [270, 160, 190, 145, 200, false],
    [310, 125, 160, 110, 170, true],
    [350, 105, 135, 90, 150, true],
    [390, 95, 120, 80, 130, true],
  ] as const;
  return (
    <Illustration label={label}>
      <rect className="illu-4" x="20" y="30" width="440" height="300" rx="28" />
      <g className="illu-grid">
        <path d="M50 100 H430 M50 160 H430 M50 220 H430 M50 280 H430" />
      </g>
      {candles.map(([x, open, close, high, low, up]) => (
        <g key={x} className={up ? 'illu-up' : 'illu-down'}>
          <path className="illu-wick" d={`M${x} ${high} V${low}`} />
          <rect x={x - 10} y={Math.min(open, close)} width="20" height={Math.abs(close - open)} rx="3" />
        </g>
      ))}
      <path className="illu-dash" d="M50 185 H430" />
      <rect className="illu-accent" x="330" y="170" width="96" height="30" rx="15" />
      <rect className="illu-card-line" x="346" y="181" width="64" height="8" rx="4" />
    </Illustration>
  );
}

/** Automated investments: a calendar with recurring dates over rising bars. */
function AutomatedIllustration({ label }: { label: string }) {
  const days = Array.from({ length: 21 }, (_, index) => index);
  const planned = new Set([2, 9, 16]);
  return (
    <Illustration label={label}>
      <rect className="illu-4" x="20" y="30" width="440" height="300" rx="28" />
      <g className="illu-card">
        <rect x="50" y="60" width="220" height="180" rx="18" />
      </g>
      <rect className="illu-1" x="50" y="60" width="220" height="36" rx="18" />
      {days.map((day) => (
        <circle
          key={day}
          className={planned.has(day) ? 'illu-accent' : 'illu-3'}
          cx={78 + (day % 7) * 27}
          cy={125 + Math.floor(day / 7) * 38}
          r={planned.has(day) ? 11 : 6}
        />
      ))}
      {[0, 1, 2, 3, 4].map((index) => (
        <rect
          key={index}
          className={index === 4 ? 'illu-1' : 'illu-2'}
          x={300 + index * 30}
          y={270 - (index + 1) * 34}
          width="20"
          height={(index + 1) * 34}
          rx="6"
        />
      ))}
      <path className="illu-line" d="M300 230 L330 200 L360 170 L390 130 L420 95" />
    </Illustration>
  );
}

/** Tokenized assets: tokens moving from one verified account to another through a check. */
function TokenizedIllustration({ label }: { label: string }) {
  return (
    <Illustration label={label}>
      <rect className="illu-4" x="20" y="30" width="440" height="300" rx="28" />
      <g className="illu-card">
        <rect x="45" y="110" width="120" height="140" rx="18" />
        <rect x="315" y="110" width="120" height="140" rx="18" />
      </g>
      <circle className="illu-2" cx="105" cy="160" r="24" />
      <circle className="illu-2" cx="375" cy="160" r="24" />
      <rect className="illu-3" x="70" y="200" width="70" height="10" rx="5" />
      <rect className="illu-3" x="340" y="200" width="70" height="10" rx="5" />
      <path className="illu-dash" d="M170 180 H310" />
      <path className="illu-1" d="M240 120 l40 15 v35 q0 35 -40 55 q-40 -20 -40 -55 v-35 z" />
      <path className="illu-check" d="M222 172 l13 13 l25 -27" />
      <g className="illu-accent">
        <circle cx="185" cy="180" r="12" />
        <circle cx="295" cy="180" r="12" />
      </g>
    </Illustration>
  );
}

/** Universal ledger: blocks of balanced entries, each linked to the previous one's hash. */
function LedgerIllustration({ label }: { label: string }) {
  const blocks = [0, 1, 2];
  return (
    <Illustration label={label}>
      <rect className="illu-4" x="20" y="30" width="440" height="300" rx="28" />
      {blocks.map((index) => {
        const x = 45 + index * 140;
        return (
          <g key={index}>
            <rect className="illu-card-fill" x={x} y="95" width="110" height="170" rx="16" />
            <rect className="illu-1" x={x} y="95" width="110" height="30" rx="15" />
            <rect className="illu-2" x={x + 14} y="142" width="36" height="8" rx="4" />
            <rect className="illu-3" x={x + 60} y="142" width="36" height="8" rx="4" />
            <rect className="illu-2" x={x + 14} y="166" width="36" height="8" rx="4" />
            <rect className="illu-3" x={x + 60} y="166" width="36" height="8" rx="4" />
            <path className="illu-grid" d={`M${x + 55} 135 V240`} />
            <rect className="illu-accent" x={x + 30} y="220" width="50" height="24" rx="12" />
          </g>
        );
      })}
      <path className="illu-line" d="M155 232 H185 M295 232 H325" />
    </Illustration>
  );
}

/** The illustration of each product page. */
export const PRODUCT_ILLUSTRATIONS = {
  trading: TradingIllustration,
  automatedInvestments: AutomatedIllustration,
  tokenizedAssetsManagement: TokenizedIllustration,
  universalLedgerSystem: LedgerIllustration,
} as const;
