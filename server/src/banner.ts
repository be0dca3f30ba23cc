/**
 * The lines printed once the server listens: where it is, which database, which mode, who can sign in.
 */
import type { Config, Database, DemoSignIn } from '@tessera/platform';

/** Formats the start-up banner; demo mode is announced with what it opens, so nobody runs it by mistake. */
export function formatBanner(
  port: number,
  database: Pick<Database, 'kind' | 'location'>,
  demoSignIns: readonly DemoSignIn[],
  mode: Config['mode'],
) {
  const engine = database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  const lines = [
    `Tessera is running at http://localhost:${port}/`,
    `Database: ${engine} at ${database.location}`,
  ];
  if (mode === 'production') {
    lines.push('Mode: production (no demo data, no demo-only routes)');
    return lines.join('\n');
  }
  lines.push(
    'Mode: DEMO (TESSERA_MODE=demo, set by npm start): published demo passwords, and the dev mailbox and payment',
    '      simulators at /dev/ answer callers on this machine only. Never expose it; a deployment sets nothing.',
  );
  if (demoSignIns.length === 0) {
    lines.push('Demo sign-ins: none yet (the identity service is not installed)');
  } else {
    lines.push('Demo sign-ins:');
    const roleWidth = Math.max(...demoSignIns.map((signIn) => signIn.role.length));
    for (const signIn of demoSignIns) {
      lines.push(`  ${signIn.role.padEnd(roleWidth)}  ${signIn.email}  password: ${signIn.password}`);
    }
  }
  return lines.join('\n');
}
