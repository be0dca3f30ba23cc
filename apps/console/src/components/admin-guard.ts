import { redirect } from '@tanstack/react-router';
import type { StaffSession } from '../lib/auth.ts';

/** Admin pages: anyone else goes home with a notice (the server refuses their calls with 403 anyway). */
export function requireAdmin(session: StaffSession): void {
  if (!session.groups.includes('admin')) {
    throw redirect({ to: '/home', search: { refused: 'admin' } });
  }
}
