import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '../components/sign-in-page.tsx';

export interface LoginSearch {
  redirect?: string;
  refused?: 'not-staff';
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search['redirect'] === 'string' && /^\/[a-z-]*$/.test(search['redirect'])
      ? { redirect: search['redirect'] }
      : {}),
    ...(search['refused'] === 'not-staff' ? { refused: 'not-staff' as const } : {}),
  }),
  beforeLoad: async ({ context, search }) => {
    if (search.refused) {
      return;
    }
    const session = await context.auth.getSession();
    if (session && session.groups.length > 0) {
      throw redirect({ to: '/home' });
    }
  },
  component: SignInPage,
});
