import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '#/components/coming-soon-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/KYC/')({
  component: () => <ComingSoonPage area="KYC" />,
});
