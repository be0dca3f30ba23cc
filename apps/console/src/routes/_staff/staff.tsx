import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../components/staff-page.tsx';
import { requireAdmin } from '../../components/admin-guard.ts';

export const Route = createFileRoute('/_staff/staff')({
  beforeLoad: ({ context }) => requireAdmin(context.session),
  component: StaffPage,
});
