import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '#/components/coming-soon-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/funds/$id/update/')({
  component: () => <ComingSoonPage area="fundUpdate" />,
});
