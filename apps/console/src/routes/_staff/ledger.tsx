import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requireAdmin } from '../../components/admin-guard.ts';
import { LedgerExplorerPage } from '../../components/support/ledger-explorer-page.tsx';

// The ledger being explored travels in the address, so a reload keeps it.
const searchSchema = z.object({
  ledger: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,16}$/)
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_staff/ledger')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => requireAdmin(context.session),
  component: LedgerRoute,
});

function LedgerRoute() {
  const { ledger } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LedgerExplorerPage selected={ledger} onSelect={(code) => void navigate({ search: { ledger: code } })} />
  );
}
