/**
 * Customer lookup and the ledger explorer (docs/api.md, "Customer lookup" and "Ledger"): the console composes the
 * owning services' staff routes (identity: who the customer is; cash operations: their money and IBANs; the
 * ledger: its ledgers, accounts, transfers and check runs). Every customer read carries the case or ticket
 * reference the staff member gave (x-staff-reason), recorded with the read in the staff audit log.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type Account,
  type ActivityItem,
  BANK_TENANT_ID,
  type CashLimits,
  type Ledger,
  type LedgerPage,
  type LedgerVerification,
  STAFF_REASON_HEADER,
  type Transfer,
  type Wallet,
} from '@tessera/contracts';
import { formatMoney } from '@tessera/ui';
import type { ApiClient } from '../../lib/api.ts';
import type { StaffSession } from '../../lib/auth.ts';
import type { Language } from '../../lib/i18n.ts';

/** Who may look customers up (the services check again: FORBIDDEN). */
export function isSupport(session: StaffSession): boolean {
  return session.groups.includes('support_agent') || session.groups.includes('admin');
}

const reasonHeaders = (reference: string) => ({ [STAFF_REASON_HEADER]: reference });

export interface CustomerSummary {
  id: string;
  email: string;
  name: string | null;
  signedUpAt: string;
}

export interface CustomerProfile extends CustomerSummary {
  givenName: string | null;
  familyName: string | null;
  locale: string;
  status: string;
  enabled: boolean;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneVerified: boolean;
}

export interface CustomerMoney {
  userId: string;
  kycLevel: number;
  kycStatus: string;
  referenceCurrency: string;
  total: string;
  wallets: Wallet[];
  limits: CashLimits;
  recentActivity: ActivityItem[];
}

export interface IbanMatch {
  userId: string;
  walletId: string;
  asset: string;
  name: string;
  iban: string;
}

/** An IBAN as typed (two letters, two digits, then at least ten letters or digits; spaces ignored). */
export function isIbanQuery(query: string): boolean {
  return /^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{10,30}$/.test(query.replace(/\s+/g, ''));
}

export function customerSearchQueryOptions(api: ApiClient, reference: string, query: string) {
  const iban = isIbanQuery(query);
  return queryOptions({
    queryKey: ['support', 'search', reference, query],
    queryFn: async () =>
      iban
        ? {
            kind: 'iban' as const,
            matches: (
              await api<{ items: IbanMatch[] }>(
                'GET',
                `/api/cash-operations/staff/wallets?${new URLSearchParams({ iban: query })}`,
                undefined,
                reasonHeaders(reference),
              )
            ).items,
          }
        : {
            kind: 'customers' as const,
            customers: (
              await api<{ items: CustomerSummary[] }>(
                'GET',
                `/api/identity/staff/customers?${new URLSearchParams({ q: query })}`,
                undefined,
                reasonHeaders(reference),
              )
            ).items,
          },
    staleTime: 0,
  });
}

export function customerQueryOptions(api: ApiClient, userId: string, reference: string) {
  return queryOptions({
    queryKey: ['support', 'customer', userId, reference],
    queryFn: async () => {
      const [profile, money] = await Promise.all([
        api<CustomerProfile>(
          'GET',
          `/api/identity/staff/customers/${encodeURIComponent(userId)}`,
          undefined,
          reasonHeaders(reference),
        ),
        api<CustomerMoney>(
          'GET',
          `/api/cash-operations/staff/customers/${encodeURIComponent(userId)}`,
          undefined,
          reasonHeaders(reference),
        ),
      ]);
      return { profile, money };
    },
    staleTime: 0,
    retry: false,
  });
}

// --- The ledger explorer (admins) --------------------------------------------------------------------------------

const LEDGER = `/api/ledger/tenants/${BANK_TENANT_ID}`;

export interface VerificationRun {
  id: string;
  tenantId: string;
  ledger: string;
  ranAt: string;
  ranBy: string;
  durationMs: number;
  ok: boolean;
  result: LedgerVerification;
}

/** Every call carries the case or ticket reference: the ledger records each read in the staff audit log. */
export function ledgersQueryOptions(api: ApiClient, reference: string) {
  return queryOptions({
    queryKey: ['ledger', 'ledgers', reference],
    queryFn: async () => {
      const [ledgers, runs] = await Promise.all([
        api<{ items: Ledger[] }>('GET', `${LEDGER}/ledgers`, undefined, reasonHeaders(reference)),
        api<{ items: VerificationRun[] }>(
          'GET',
          `${LEDGER}/verification-runs`,
          undefined,
          reasonHeaders(reference),
        ),
      ]);
      return { ledgers: ledgers.items, runs: new Map(runs.items.map((run) => [run.ledger, run])) };
    },
  });
}

export function runLedgerCheck(api: ApiClient, code: string, reference: string): Promise<VerificationRun> {
  return api<VerificationRun>(
    'POST',
    `${LEDGER}/ledgers/${encodeURIComponent(code)}/verification-runs`,
    undefined,
    reasonHeaders(reference),
  );
}

export const LEDGER_PAGE_SIZE = 25;

export function ledgerAccountsQueryOptions(
  api: ApiClient,
  code: string,
  cursor: string | null,
  reference: string,
) {
  const query = new URLSearchParams({ ledger: code, limit: String(LEDGER_PAGE_SIZE) });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return queryOptions({
    queryKey: ['ledger', 'accounts', code, cursor, reference],
    queryFn: () =>
      api<LedgerPage<Account>>('GET', `${LEDGER}/accounts?${query}`, undefined, reasonHeaders(reference)),
  });
}

/** A page of transfers in chain order after `afterSequence` (the page is shown newest first). */
export function ledgerTransfersQueryOptions(
  api: ApiClient,
  code: string,
  afterSequence: bigint,
  reference: string,
) {
  const query = new URLSearchParams({
    afterSequence: afterSequence.toString(),
    limit: String(LEDGER_PAGE_SIZE),
  });
  return queryOptions({
    queryKey: ['ledger', 'transfers', code, afterSequence.toString(), reference],
    queryFn: () =>
      api<LedgerPage<Transfer>>(
        'GET',
        `${LEDGER}/ledgers/${encodeURIComponent(code)}/transfers?${query}`,
        undefined,
        reasonHeaders(reference),
      ),
  });
}

// --- Formatting ---------------------------------------------------------------------------------------------------

/** A decimal string of `asset` (its scale is the number of decimals the string carries) in the page's language. */
export function formatAmount(text: string, asset: string, language: Language): string {
  const match = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) {
    return `${text} ${asset}`;
  }
  const fraction = match[3] ?? '';
  const minor = BigInt(`${match[2]}${fraction}`) * (match[1] === '-' ? -1n : 1n);
  try {
    return formatMoney(minor, fraction.length, asset, language, {
      minFractionDigits: Math.min(fraction.length, 2),
    });
  } catch {
    return `${text} ${asset}`;
  }
}

export function dateTimeFormat(language: Language, withTime = true): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  });
}
