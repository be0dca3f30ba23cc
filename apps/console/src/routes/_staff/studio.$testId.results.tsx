import { createFileRoute } from '@tanstack/react-router';
import { isResearcher } from '../../components/studio/studio-api.ts';
import { StudioNotAllowed } from '../../components/studio/studio-parts.tsx';
import { StudioResultsPage } from '../../components/studio/studio-results-page.tsx';

export const Route = createFileRoute('/_staff/studio/$testId/results')({
  component: StudioResultsRoute,
});

function StudioResultsRoute() {
  const { session } = Route.useRouteContext();
  const { testId } = Route.useParams();
  return isResearcher(session) ? <StudioResultsPage testId={testId} /> : <StudioNotAllowed />;
}
