import { describe, expect, it } from 'vitest';
import { formatBanner } from './banner.ts';

describe('start-up banner', () => {
  it('prints the URL, the database and that no one can sign in yet', () => {
    expect(formatBanner(3000, { kind: 'pglite', location: 'data/pglite' }, [])).toBe(
      [
        'Tessera is running at http://localhost:3000/',
        'Database: PGlite (embedded) at data/pglite',
        'Demo sign-ins: none yet (the identity service is not installed)',
      ].join('\n'),
    );
  });

  it('lists the demo sign-ins gathered from services', () => {
    const banner = formatBanner(3917, { kind: 'postgres', location: 'postgres://tessera@db:5432/tessera' }, [
      { email: 'ada@example.com', password: 'Demo-1234', role: 'customer' },
      { email: 'grace@example.com', password: 'Demo-5678', role: 'support' },
    ]);
    expect(banner.split('\n')).toEqual([
      'Tessera is running at http://localhost:3917/',
      'Database: PostgreSQL at postgres://tessera@db:5432/tessera',
      'Demo sign-ins:',
      '  customer  ada@example.com  password: Demo-1234',
      '  support   grace@example.com  password: Demo-5678',
    ]);
  });
});
