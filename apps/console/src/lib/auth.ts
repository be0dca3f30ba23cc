/**
 * The staff session: who is signed in and their staff groups (the token's `cognito:groups`), which decide the
 * navigation and the route guards. The server checks the groups again on every staff route (a hidden link is not
 * a permission).
 */
import type { RuntimeConfig } from '@tessera/contracts';
import { loadAmplify } from './amplify.ts';

export const STAFF_GROUPS = ['support_agent', 'kyc_reviewer', 'ux_researcher', 'admin'] as const;
export type StaffGroup = (typeof STAFF_GROUPS)[number];

export interface StaffSession {
  readonly userId: string;
  readonly email: string;
  readonly groups: readonly StaffGroup[];
}

export interface ConsoleAuth {
  getSession(): Promise<StaffSession | null>;
  getAccessToken(): Promise<string | null>;
  signOut(): Promise<void>;
}

/** The staff groups among a token's groups. */
export function staffGroupsOf(groups: unknown): StaffGroup[] {
  return Array.isArray(groups)
    ? groups.filter((group): group is StaffGroup => (STAFF_GROUPS as readonly unknown[]).includes(group))
    : [];
}

export function isAdmin(session: StaffSession | null | undefined): boolean {
  return session?.groups.includes('admin') ?? false;
}

export function createConsoleAuth(config: RuntimeConfig): ConsoleAuth {
  const tokens = async () => {
    const auth = await loadAmplify(config);
    try {
      return (await auth.fetchAuthSession()).tokens ?? null;
    } catch {
      return null;
    }
  };
  return {
    async getSession() {
      const payload = (await tokens())?.idToken?.payload;
      if (!payload || typeof payload.sub !== 'string') {
        return null;
      }
      return {
        userId: payload.sub,
        email: typeof payload['email'] === 'string' ? payload['email'] : '',
        groups: staffGroupsOf(payload['cognito:groups']),
      };
    },
    getAccessToken: async () => (await tokens())?.accessToken.toString() ?? null,
    async signOut() {
      const auth = await loadAmplify(config);
      await auth.signOut().catch(() => undefined);
    },
  };
}
