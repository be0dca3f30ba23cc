import { createFileRoute } from '@tanstack/react-router';
import { markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { ForgotPasswordPage } from '#/features/auth/components/forgot-password-page.tsx';

export const Route = createFileRoute('/forgotPassword')({
  validateSearch: (raw: SearchInput) => markedStrings(raw, ['sendEmail', 'auth_code', 'username']),
  component: Page,
});

function Page() {
  return <ForgotPasswordPage search={Route.useSearch()} />;
}
