import { createFileRoute } from '@tanstack/react-router';
import type { SearchInput } from '#/lib/search-params.ts';
import { KycPage } from '#/features/onboarding/components/kyc-page.tsx';
import { KycFlow } from '#/features/kyc/components/kyc-flow.tsx';
import { KycStatus } from '#/features/kyc/components/kyc-status.tsx';
import { KYC_STEPS, type KycStep } from '#/features/kyc/lib/flow.ts';

// Spec section 2: /dashboard/KYC/, the customer's verification level, what it allows and the next step; with
// ?step= the identity-verification flow at that step (issue #16). An unknown step shows the overview.
export const Route = createFileRoute('/_protected/dashboard/KYC/')({
  validateSearch: (raw: SearchInput): { step?: KycStep } => {
    const step = KYC_STEPS.find((candidate) => candidate === raw['step']);
    return step ? { step } : {};
  },
  // Imported when the route loads, so the page's data code stays out of the other pages' first load.
  loader: ({ context }) =>
    Promise.all([
      import('#/features/onboarding/api/load-kyc.ts').then((m) => m.loadKyc(context)),
      import('#/features/kyc/api/load-kyc-application.ts').then((m) => m.loadKycApplication(context)),
    ]),
  component: Kyc,
});

function Kyc() {
  const { step } = Route.useSearch();
  if (step) {
    return <KycFlow step={step} />;
  }
  return <KycPage verification={(level) => <KycStatus level={level} />} />;
}
