import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { isSupport } from '../../components/support/support-api.ts';
import { ReplayNotAllowed } from '../../components/replay/replay-parts.tsx';
import { SessionPlayerPage } from '../../components/replay/session-player-page.tsx';

// The case or ticket reference travels in the address (`ref`), so a reload keeps it; without one, the page asks.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/sessions/$sessionId')({
  validateSearch: searchSchema,
  component: SessionRoute,
});

function SessionRoute() {
  const { session } = Route.useRouteContext();
  const { sessionId } = Route.useParams();
  const { ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  // UX researchers come here from a usability test's results: the ingest shows them participants' sessions only.
  if (!isSupport(session) && !session.groups.includes('ux_researcher')) {
    return <ReplayNotAllowed />;
  }
  return (
    <SessionPlayerPage
      sessionId={sessionId}
      reference={ref}
      onReference={(reference) => void navigate({ search: reference ? { ref: reference } : {} })}
    />
  );
}
