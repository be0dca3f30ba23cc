/**
 * How cash figures and facts read to a person, without React: activity details phrased in the page's language
 * (the service sends facts, never a sentence of ours), masked IBANs, the share of a limit used (on cents, never a
 * float), and the checks of a typed wallet name that mirror the contract's walletNameSchema.
 */
import type { ActivityDetails, CashLimit } from '@tessera/contracts';
import { EUR, parseAmount } from '@tessera/money';
import { formatRateText } from '../../lib/money.ts';
import { formatCardBrand, formatProduct } from '../../lib/format.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A transaction hash shortened for a line of text: the first 10 characters. */
function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 10)}…` : hash;
}

/**
 * What an activity item was, in the page's language, from the facts the service sends (never an English sentence
 * stored by the service): "SEPA transfer received from Ana Demo" / "Virement SEPA reçu de Ana Demo".
 */
export function describeDetails(t: Translate, details: ActivityDetails, language: 'en' | 'fr'): string {
  const key = 'activity.details';
  switch (details.type) {
    case 'card_deposit':
      return t(`${key}.card_deposit`, { brand: formatCardBrand(details.brand), last4: details.last4 });
    case 'sepa_deposit':
      return details.sender
        ? t(`${key}.sepa_deposit`, { sender: details.sender })
        : t(`${key}.sepa_depositAnonymous`);
    case 'crypto_deposit': {
      const chain = t(`${key}.chainNames.${details.chain}`);
      const text =
        details.confirmations === null
          ? t(`${key}.crypto_deposit`, { chain })
          : t(`${key}.crypto_depositConfirmed`, { chain, count: details.confirmations });
      return details.txHash
        ? `${text} · ${t(`${key}.transaction`, { hash: shortHash(details.txHash) })}`
        : text;
    }
    case 'conversion':
      return t(`${key}.conversion`, {
        from: details.from,
        to: details.to,
        rate: formatRateText(details.rate, language),
      });
    case 'trade':
      return t(`${key}.trade`, { product: formatProduct(details.product) });
    case 'fee':
      return t(`${key}.fees.${details.feeId}`, { defaultValue: t(`${key}.fees.other`) });
  }
}

/** EUR cents of a limit figure from the API (decimal strings, never a float). */
function centsOf(amount: string): bigint {
  const parsed = parseAmount(amount, EUR, { allowNegative: true });
  return parsed.ok ? parsed.value : 0n;
}

/** How much of a limit is used, in thousandths (0 to 1000), computed on cents: the meter's value. */
export function usedPerMille(limit: CashLimit): number {
  if (limit.limit === null) {
    return 0;
  }
  const total = centsOf(limit.limit);
  if (total <= 0n) {
    return 1000;
  }
  const used = centsOf(limit.used);
  const perMille = (used * 1000n) / total;
  return Number(perMille > 1000n ? 1000n : perMille);
}

/** An IBAN with only its country, check digits and last four characters shown: "DE89 •••• 3000". */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length > 8 ? `${compact.slice(0, 4)} •••• ${compact.slice(-4)}` : compact;
}

// The contract's rule (walletNameSchema): no control characters.
// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The translation key of what is wrong with a typed wallet name, or null when the service will accept it. */
export function walletNameProblem(name: string): 'rename.nameRequired' | 'rename.nameInvalid' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) {
    return 'rename.nameRequired';
  }
  return CONTROL_CHARACTERS.test(trimmed) ? 'rename.nameInvalid' : null;
}
