import { createFileRoute } from '@tanstack/react-router';
import { isResearcher } from '../../components/studio/studio-api.ts';
import { StudioNewPage } from '../../components/studio/studio-test-page.tsx';
import { StudioNotAllowed } from '../../components/studio/studio-parts.tsx';

export const Route = createFileRoute('/_staff/studio/new')({
  component: StudioNewRoute,
});

function StudioNewRoute() {
  const { session } = Route.useRouteContext();
  return isResearcher(session) ? <StudioNewPage /> : <StudioNotAllowed />;
}
