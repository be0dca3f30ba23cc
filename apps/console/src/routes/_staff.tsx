import { createFileRoute, redirect } from '@tanstack/react-router';
import { ConsoleShell } from '../components/console-shell.tsx';

/**
 * Every console page but the sign-in: a signed-in staff member only. A customer's session (no staff group) is
 * signed out and sent to the sign-in page, which says why.
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.auth.getSession();
    if (!session) {
      throw redirect({ to: '/login', search: { redirect: location.pathname } });
    }
    if (session.groups.length === 0) {
      await context.auth.signOut();
      throw redirect({ to: '/login', search: { refused: 'not-staff' } });
    }
    return { session };
  },
  component: ConsoleShell,
});
