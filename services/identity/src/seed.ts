/**
 * Demo users (ARCHITECTURE.md, PRODUCT.md "Demo data"): a verified customer to be funded by the ledger's seed, a
 * fresh customer, a delegate, and one staff account per group. Idempotent (existing e-mails are left alone), and
 * never run with NODE_ENV=production: known passwords must not exist there.
 *
 * Staff sign in through MFA_SETUP on first use (staff must have MFA, see sign-in/next-step.ts).
 */
import { DEMO_USER_IDS } from '@tessera/contracts';
import type { DemoSignIn } from '@tessera/platform';
import type { IdentityDb } from './database.ts';
import { hashPassword } from './modules/users/passwords.ts';
import { findUserByEmail, insertUser } from './modules/users/users.repository.ts';

/** A demo user: fixed ids so other services' seeds can refer to them. */
export interface DemoUser extends DemoSignIn {
  readonly id: string;
  readonly groups: readonly string[];
  readonly confirmed: boolean;
  readonly phoneNumber?: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** The demo users, in banner order. */
export const demoUsers: readonly DemoUser[] = [
  {
    id: DEMO_USER_IDS.verifiedCustomer,
    email: 'ana.demo@tessera.test',
    password: 'Ana-Demo-2026!',
    role: 'customer',
    groups: [],
    confirmed: true,
    phoneNumber: '+33612345678',
    attributes: { given_name: 'Ana', family_name: 'Demo', locale: 'en' },
  },
  {
    id: DEMO_USER_IDS.freshCustomer,
    email: 'leo.fresh@tessera.test',
    password: 'Leo-Fresh-2026!',
    role: 'fresh customer',
    groups: [],
    confirmed: true,
    // Level 1 (user management's seed) means e-mail and phone verified: the onboarding steps say so too.
    phoneNumber: '+33698765432',
    attributes: { given_name: 'Léo', family_name: 'Fresh', locale: 'fr' },
  },
  {
    id: DEMO_USER_IDS.delegate,
    email: 'mia.delegate@tessera.test',
    password: 'Mia-Delegate-2026!',
    role: 'delegate',
    groups: [],
    confirmed: true,
    attributes: { given_name: 'Mia', family_name: 'Delegate', locale: 'en' },
  },
  ...(
    [
      ['0004', 'sam.support', 'support_agent', 'Sam-Support-2026!'],
      // A second support agent: Agent statistics compare agents, and two agents each take a customer at once.
      ['0009', 'lea.support', 'support_agent', 'Lea-Support-2026!'],
      ['0005', 'kim.kyc', 'kyc_reviewer', 'Kim-Review-2026!'],
      ['0006', 'uma.research', 'ux_researcher', 'Uma-Research-2026!'],
      ['0007', 'ada.admin', 'admin', 'Ada-Admin-2026!'],
      // A second admin: camt.054 imports need an approver other than their uploader (four eyes).
      ['0008', 'max.admin', 'admin', 'Max-Admin-2026!'],
    ] as const
  ).map(([suffix, local, group, password]) => ({
    id: `7e5a0d0e-${suffix}-4000-8000-00000000a0a${suffix.slice(-1)}`,
    email: `${local}@tessera.test`,
    password,
    role: group,
    groups: [group],
    confirmed: true,
    attributes: { locale: 'en' },
  })),
];

/** Inserts the demo users that do not exist yet. */
export async function seedDemoUsers(db: IdentityDb): Promise<void> {
  for (const user of demoUsers) {
    if (await findUserByEmail(db, user.email)) {
      continue;
    }
    await insertUser(db, {
      id: user.id,
      email: user.email,
      emailVerified: true,
      phoneNumber: user.phoneNumber ?? null,
      passwordHash: await hashPassword(user.password),
      status: user.confirmed ? 'CONFIRMED' : 'UNCONFIRMED',
      groups: user.groups,
      attributes: user.attributes,
      locale: user.attributes['locale'] ?? 'en',
    });
    if (user.phoneNumber) {
      await db.updateTable('users').set({ phone_number_verified: true }).where('id', '=', user.id).execute();
    }
  }
}
