/**
 * The demo customers' fixed ids (PRODUCT.md, "Demo data"). The identity service's seed creates them; other
 * services' seeds give them a KYC level, wallets and history. Never seeded in production.
 */
export const DEMO_USER_IDS = {
  /** ana.demo@tessera.test: verified (KYC level 2) and funded. */
  verifiedCustomer: '7e5a0d0e-0001-4000-8000-00000000a0a1',
  /** leo.fresh@tessera.test: just signed up, e-mail and phone verified (KYC level 1), no wallet yet. */
  freshCustomer: '7e5a0d0e-0002-4000-8000-00000000a0a2',
  /** mia.delegate@tessera.test: a delegate. */
  delegate: '7e5a0d0e-0003-4000-8000-00000000a0a3',
} as const;
