import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { isSupport } from '../../components/support/support-api.ts';
import { ReplayNotAllowed } from '../../components/replay/replay-parts.tsx';
import { SessionListPage } from '../../components/replay/session-list-page.tsx';

// The case reference and the filters travel in the address, so a reload or the back button keeps the search.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
  customer: z.string().min(1).max(128).optional().catch(undefined),
  from: day,
  to: day,
  page: z.string().min(1).max(200).optional().catch(undefined),
  errors: z.boolean().optional().catch(undefined),
  minDuration: z.number().int().min(1).max(86_400).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/sessions/')({
  validateSearch: searchSchema,
  component: SessionsRoute,
});

function SessionsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isSupport(session)) {
    return <ReplayNotAllowed />;
  }
  return <SessionListPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
