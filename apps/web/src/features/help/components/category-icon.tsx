/** The icon of a help category (content/categories.json `icon`), decorative, on the design system's 24px grid. */
const PATHS: Record<string, string> = {
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  shield: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3Zm-3 9l2 2 4-4',
  wallet: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4V7Zm0 0V6a2 2 0 0 1 2-2h10M16 13h1',
  card: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4',
  bank: 'M3 10l9-6 9 6M5 10v8m4-8v8m6-8v8m4-8v8M3 20h18',
  crypto: 'M9 6v12m0-12h5a3 3 0 0 1 0 6H9m0 0h6a3 3 0 0 1 0 6H9m2-14V4m0 16v-2m3-12V4m0 16v-2',
  chart: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-6',
  fund: 'M12 3a9 9 0 1 0 9 9h-9V3Zm3-1v7h7a7 7 0 0 0-7-7Z',
  token: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3Zm0 5l4 2.2v3.6L12 16l-4-2.2v-3.6L12 8Z',
  ledger: 'M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3V4Zm0 13a3 3 0 0 1 3-3h11M9 8h6',
  lock: 'M6 11h12v9H6v-9Zm2 0V8a4 4 0 0 1 8 0v3m-4 4v2',
  gear: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7-3 2-1-1-3-2 .3-1.5-1.5.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L6.5 7.8 4.5 7.5l-1 3 2 1v1l-2 1 1 3 2-.3 1.5 1.5-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.5-1.5 2 .3 1-3-2-1v-1Z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
};

export function CategoryIcon({ icon }: { icon: string }) {
  return (
    <svg
      className="app-help-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[icon] ?? PATHS['help']} />
    </svg>
  );
}
