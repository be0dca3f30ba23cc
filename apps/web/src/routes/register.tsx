import { createFileRoute } from '@tanstack/react-router';
import { markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { AuthPlaceholderPage } from '#/features/auth/components/auth-placeholder-page.tsx';

export const Route = createFileRoute('/register')({
  validateSearch: (raw: SearchInput) =>
    markedStrings(raw, ['redirect', 'referral', 'auth_code', 'email', 'username', 'resendEmail']),
  component: () => <AuthPlaceholderPage screen="register" />,
});
