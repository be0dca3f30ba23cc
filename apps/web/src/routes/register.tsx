import { createFileRoute } from '@tanstack/react-router';
import { markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { RegisterPage } from '#/features/auth/components/register-page.tsx';

export const Route = createFileRoute('/register')({
  validateSearch: (raw: SearchInput) =>
    markedStrings(raw, ['redirect', 'referral', 'auth_code', 'email', 'username', 'resendEmail']),
  component: Page,
});

function Page() {
  return <RegisterPage search={Route.useSearch()} />;
}
