import { createFileRoute, redirect } from '@tanstack/react-router';
import { isProvided, markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { AuthPlaceholderPage } from '#/features/auth/components/auth-placeholder-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (raw: SearchInput) => markedStrings(raw, ['redirect', 'code', 'username']),
  // Spec section 4: a signed-in person is sent on to the redirect value or to the dashboard home.
  beforeLoad: async ({ context, search }) => {
    if (await context.auth.getSession()) {
      throw redirect({ href: isProvided(search.redirect) ? search.redirect : '/dashboard/home/' });
    }
  },
  component: () => <AuthPlaceholderPage screen="login" />,
});
