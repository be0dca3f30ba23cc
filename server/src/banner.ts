/**
 * The lines printed once the server listens: where it is, which database, who can sign in.
 */
import type { Database, DemoSignIn } from '@tessera/platform';

/** Formats the start-up banner. */
export function formatBanner(
  port: number,
  database: Pick<Database, 'kind' | 'location'>,
  demoSignIns: readonly DemoSignIn[],
) {
  const engine = database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  const lines = [
    `Tessera is running at http://localhost:${port}/`,
    `Database: ${engine} at ${database.location}`,
  ];
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
