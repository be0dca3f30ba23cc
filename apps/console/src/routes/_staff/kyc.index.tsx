import { createFileRoute } from '@tanstack/react-router';
import { KYC_STATUSES } from '@tessera/contracts';
import { z } from 'zod';
import { isKycReviewer } from '../../components/kyc/kyc-api.ts';
import { KycNotReviewer } from '../../components/kyc/kyc-not-reviewer.tsx';
import { KycQueuePage } from '../../components/kyc/kyc-queue-page.tsx';

const searchSchema = z.object({
  status: z.enum(KYC_STATUSES).optional().catch(undefined),
  targetLevel: z.enum(['2', '3']).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  sort: z.enum(['oldest', 'newest']).default('oldest').catch('oldest'),
});

export const Route = createFileRoute('/_staff/kyc/')({
  validateSearch: searchSchema,
  component: KycQueueRoute,
});

function KycQueueRoute() {
  const { session } = Route.useRouteContext();
  const filters = Route.useSearch();
  return isKycReviewer(session) ? <KycQueuePage filters={filters} /> : <KycNotReviewer />;
}
