import { describe, expect, it } from 'vitest';
import { formatBanner } from './banner.ts';

const demoLines = [
  'Mode: DEMO (TESSERA_MODE=demo, set by npm start): published demo passwords, and the dev mailbox and payment',
  '      simulators at /dev/ answer callers on this machine only. Never expose it; a deployment sets nothing.',
];

describe('start-up banner', () => {
  it('prints the URL, the database, demo mode and that no one can sign in yet', () => {
    expect(formatBanner(3000, { kind: 'pglite', location: 'data/pglite' }, [], 'demo')).toBe(
      [
        'Tessera is running at http://localhost:3000/',
        'Database: PGlite (embedded) at data/pglite',
        ...demoLines,
        'Demo sign-ins: none yet (the identity service is not installed)',
      ].join('\n'),
    );
  });

  it('lists the demo sign-ins gathered from services', () => {
    const banner = formatBanner(
      3917,
      { kind: 'postgres', location: 'postgres://tessera@db:5432/tessera' },
      [
        { email: 'ada@example.com', password: 'Demo-1234', role: 'customer' },
        { email: 'grace@example.com', password: 'Demo-5678', role: 'support' },
      ],
      'demo',
    );
    expect(banner.split('\n')).toEqual([
      'Tessera is running at http://localhost:3917/',
      'Database: PostgreSQL at postgres://tessera@db:5432/tessera',
      ...demoLines,
      'Demo sign-ins:',
      '  customer  ada@example.com  password: Demo-1234',
      '  support   grace@example.com  password: Demo-5678',
    ]);
  });

  it('development is the default (defect 7): says production mode and prints no password outside demo mode', () => {
    const banner = formatBanner(
      3000,
      { kind: 'pglite', location: 'data/pglite' },
      [{ email: 'ada@example.com', password: 'Demo-1234', role: 'customer' }],
      'production',
    );
    expect(banner.split('\n')).toEqual([
      'Tessera is running at http://localhost:3000/',
      'Database: PGlite (embedded) at data/pglite',
      'Mode: production (no demo data, no demo-only routes)',
    ]);
  });
});
