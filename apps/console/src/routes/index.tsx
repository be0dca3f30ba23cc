import { createFileRoute, redirect } from '@tanstack/react-router';

/** /console/: home when signed in, else the sign-in page. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const session = await context.auth.getSession();
    throw redirect({ to: session && session.groups.length > 0 ? '/home' : '/login' });
  },
});
