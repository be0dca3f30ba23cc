import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '#/features/shell/components/dashboard-layout.tsx';

export const Route = createFileRoute('/_protected/dashboard')({ component: DashboardLayout });
