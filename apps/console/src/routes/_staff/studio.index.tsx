import { createFileRoute } from '@tanstack/react-router';
import { isResearcher } from '../../components/studio/studio-api.ts';
import { StudioListPage } from '../../components/studio/studio-list-page.tsx';
import { StudioNotAllowed } from '../../components/studio/studio-parts.tsx';

export const Route = createFileRoute('/_staff/studio/')({
  component: StudioListRoute,
});

function StudioListRoute() {
  const { session } = Route.useRouteContext();
  return isResearcher(session) ? <StudioListPage /> : <StudioNotAllowed />;
}
