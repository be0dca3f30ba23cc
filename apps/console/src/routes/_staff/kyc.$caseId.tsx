import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { isKycReviewer } from '../../components/kyc/kyc-api.ts';
import { KycCasePage } from '../../components/kyc/kyc-case-page.tsx';
import { KycNotReviewer } from '../../components/kyc/kyc-not-reviewer.tsx';

// The case or ticket reference travels in the address (`ref`), so a reload keeps it; without one, the page asks.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/kyc/$caseId')({
  validateSearch: searchSchema,
  component: KycCaseRoute,
});

function KycCaseRoute() {
  const { session } = Route.useRouteContext();
  const { caseId } = Route.useParams();
  const { ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isKycReviewer(session)) {
    return <KycNotReviewer />;
  }
  return (
    <KycCasePage
      caseId={caseId}
      reference={ref}
      onReference={(reference) => void navigate({ search: { ref: reference } })}
    />
  );
}
