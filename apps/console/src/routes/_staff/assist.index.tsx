import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { AssistNotAllowed } from '../../components/assist/assist-not-allowed.tsx';
import { LiveSessionsPage } from '../../components/assist/live-sessions-page.tsx';
import { isSupport } from '../../components/support/support-api.ts';

// The case or ticket reference travels in the address (`ref`), so a reload or the back button keeps it.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/assist/')({
  validateSearch: searchSchema,
  component: AssistRoute,
});

function AssistRoute() {
  const { session } = Route.useRouteContext();
  const { ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isSupport(session)) {
    return <AssistNotAllowed title="list.title" />;
  }
  return (
    <LiveSessionsPage
      reference={ref}
      onReference={(reference) => void navigate({ search: reference ? { ref: reference } : {} })}
    />
  );
}
