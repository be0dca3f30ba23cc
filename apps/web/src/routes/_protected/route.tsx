import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

// Spec section 4: a visitor who is not signed in goes to /login with redirect set to where they were going.
export const Route = createFileRoute('/_protected')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.auth.getSession();
    if (!session) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { session };
  },
  component: Outlet,
});
