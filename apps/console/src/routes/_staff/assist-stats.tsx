import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { AgentStatsPage } from '../../components/assist/agent-stats-page.tsx';
import { AssistNotAllowed } from '../../components/assist/assist-not-allowed.tsx';
import { isSupport } from '../../components/support/support-api.ts';

// The reference and the period travel in the address, so a reload keeps them.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
  from: day,
  to: day,
});

export const Route = createFileRoute('/_staff/assist-stats')({
  validateSearch: searchSchema,
  component: AgentStatsRoute,
});

function AgentStatsRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isSupport(session)) {
    return <AssistNotAllowed title="stats.title" />;
  }
  return <AgentStatsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
