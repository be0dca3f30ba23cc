import { createFileRoute, redirect } from '@tanstack/react-router';
import { isProvided, markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { LoginPage } from '#/features/auth/components/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (raw: SearchInput) => markedStrings(raw, ['redirect', 'code', 'username']),
  // Spec section 4: a signed-in person is sent on to the redirect value or to the dashboard home.
  beforeLoad: async ({ context, search }) => {
    if (await context.auth.getSession()) {
      throw redirect({ href: isProvided(search.redirect) ? search.redirect : '/dashboard/home/' });
    }
  },
  component: Page,
});

function Page() {
  return <LoginPage search={Route.useSearch()} />;
}
