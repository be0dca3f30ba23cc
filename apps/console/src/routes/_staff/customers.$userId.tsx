import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { CustomerPage } from '../../components/support/customer-page.tsx';
import { isSupport } from '../../components/support/support-api.ts';
import { SupportNotAllowed } from '../../components/support/support-parts.tsx';

// The case or ticket reference travels in the address (`ref`), so a reload keeps it; without one, the page asks.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/customers/$userId')({
  validateSearch: searchSchema,
  component: CustomerRoute,
});

function CustomerRoute() {
  const { session } = Route.useRouteContext();
  const { userId } = Route.useParams();
  const { ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isSupport(session)) {
    return <SupportNotAllowed />;
  }
  return (
    <CustomerPage
      userId={userId}
      reference={ref}
      onReference={(reference) => void navigate({ search: reference ? { ref: reference } : {} })}
    />
  );
}
