import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_protected/dashboard/')({
  beforeLoad: () => {
    throw redirect({ href: '/dashboard/home/', replace: true });
  },
});
