import { createFileRoute } from '@tanstack/react-router';
import { KycPage } from '#/features/onboarding/components/kyc-page.tsx';

// Spec section 2: /dashboard/KYC/, the customer's verification level, what it allows and the next step.
export const Route = createFileRoute('/_protected/dashboard/KYC/')({
  // Imported when the route loads, so the page's data code stays out of the other pages' first load.
  loader: ({ context }) => import('#/features/onboarding/api/load-kyc.ts').then((m) => m.loadKyc(context)),
  component: KycPage,
});
