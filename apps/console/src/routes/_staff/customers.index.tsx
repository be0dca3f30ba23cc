import { createFileRoute } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { z } from 'zod';
import { CustomerLookupPage } from '../../components/support/customer-lookup-page.tsx';
import { isSupport } from '../../components/support/support-api.ts';
import { SupportNotAllowed } from '../../components/support/support-parts.tsx';

// The case reference and the query travel in the address, so a reload or the back button keeps the search.
const searchSchema = z.object({
  ref: z.string().regex(STAFF_CASE_REFERENCE_PATTERN).optional().catch(undefined),
  q: z.string().min(2).max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/customers/')({
  validateSearch: searchSchema,
  component: CustomerLookupRoute,
});

function CustomerLookupRoute() {
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isSupport(session)) {
    return <SupportNotAllowed />;
  }
  return <CustomerLookupPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
