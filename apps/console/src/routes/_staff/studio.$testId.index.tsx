import { createFileRoute } from '@tanstack/react-router';
import { isResearcher } from '../../components/studio/studio-api.ts';
import { StudioNotAllowed } from '../../components/studio/studio-parts.tsx';
import { StudioTestPage } from '../../components/studio/studio-test-page.tsx';

export const Route = createFileRoute('/_staff/studio/$testId/')({
  component: StudioTestRoute,
});

function StudioTestRoute() {
  const { session } = Route.useRouteContext();
  const { testId } = Route.useParams();
  return isResearcher(session) ? <StudioTestPage testId={testId} /> : <StudioNotAllowed />;
}
