import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { requireAdmin } from '../../components/admin-guard.ts';
import { LedgerExplorerPage } from '../../components/support/ledger-explorer-page.tsx';

// The ledger being explored and the case or ticket reference (`ref`) travel in the address, so a reload keeps them;
// without a reference, the page asks for one.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
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
  const { ledger, ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LedgerExplorerPage
      selected={ledger}
      onSelect={(code) => void navigate({ search: { ...(ref ? { ref } : {}), ledger: code } })}
      reference={ref}
      onReference={(reference) =>
        void navigate({ search: { ...(reference ? { ref: reference } : {}), ...(ledger ? { ledger } : {}) } })
      }
    />
  );
}
