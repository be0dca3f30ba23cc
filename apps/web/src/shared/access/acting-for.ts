/**
 * The account switcher's state (docs/adr/0018): the account a delegate acts for in this tab, kept in
 * sessionStorage so it ends with the tab. The API client sends it as `x-act-as` with every call; switching clears the
 * persisted query cache and reloads, so no data of one account is ever shown as another's.
 */
import { OFFLINE_CACHE_KEY } from '../../lib/query-client.ts';

const STORAGE_KEY = 'tessera.actingFor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account acted for: the owner's id and name, and the delegate's role there. */
export interface ActingFor {
  readonly ownerUserId: string;
  readonly ownerName: string;
  readonly role: string;
}

/** The account this tab acts for, or null (the signed-in customer's own). */
export function actingFor(): ActingFor | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    const value = raw === null ? null : (JSON.parse(raw) as Partial<ActingFor>);
    return value && typeof value.ownerUserId === 'string' && UUID.test(value.ownerUserId)
      ? {
          ownerUserId: value.ownerUserId,
          ownerName: String(value.ownerName ?? ''),
          role: String(value.role ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

/** Switches to `next` (null: back to one's own account) and reloads the dashboard with empty caches. */
export function switchAccount(next: ActingFor | null): void {
  if (next === null) {
    sessionStorage.removeItem(STORAGE_KEY);
  } else {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  }
  localStorage.removeItem(OFFLINE_CACHE_KEY);
  window.location.assign('/dashboard/home/');
}
