import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '#/features/shell/components/dashboard-layout.tsx';
import { useCashLiveUpdates } from '#/shared/cash/live-updates.ts';
import { useKycLiveUpdates } from '#/features/kyc/hooks/use-kyc-live-updates.ts';

export const Route = createFileRoute('/_protected/dashboard')({ component: Dashboard });

// Balances update live anywhere on the dashboard (issue #4): one cash-operations socket for the whole layout; and
// identity verification (issue #16): user management's socket, so a decision raises the limits without a reload.
function Dashboard() {
  useCashLiveUpdates();
  useKycLiveUpdates();
  return <DashboardLayout />;
}
