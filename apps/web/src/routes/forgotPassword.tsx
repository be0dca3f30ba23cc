import { createFileRoute } from '@tanstack/react-router';
import { markedStrings, type SearchInput } from '#/lib/search-params.ts';
import { AuthPlaceholderPage } from '#/features/auth/components/auth-placeholder-page.tsx';

export const Route = createFileRoute('/forgotPassword')({
  validateSearch: (raw: SearchInput) => markedStrings(raw, ['sendEmail', 'auth_code', 'username']),
  component: () => <AuthPlaceholderPage screen="forgotPassword" />,
});
