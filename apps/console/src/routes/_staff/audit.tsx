import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../components/audit-page.tsx';
import { requireAdmin } from '../../components/admin-guard.ts';

export const Route = createFileRoute('/_staff/audit')({
  beforeLoad: ({ context }) => requireAdmin(context.session),
  component: AuditPage,
});
