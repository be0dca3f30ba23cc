/**
 * The simulator's 3-D Secure challenge page, in English and French. Plain HTML: no script at all (the CSP forbids
 * inline scripts and it needs none: a form post decides), an external stylesheet, a language attribute, a heading,
 * labelled buttons reachable by keyboard, visible focus, contrast above WCAG AA in light and dark schemes.
 */

const TEXT = {
  en: {
    title: 'Confirm your payment',
    bank: 'Your bank (simulated 3-D Secure)',
    intro:
      'Tessera asks to charge your card. Approve to continue, or fail the check to see what happens when a bank refuses.',
    amount: 'Amount',
    card: 'Card',
    approve: 'Approve',
    fail: 'Fail',
    note: 'This page stands for your bank’s verification. No real payment takes place.',
  },
  fr: {
    title: 'Confirmez votre paiement',
    bank: 'Votre banque (3-D Secure simulé)',
    intro:
      'Tessera demande à débiter votre carte. Approuvez pour continuer, ou faites échouer la vérification pour voir ce qui se passe quand une banque refuse.',
    amount: 'Montant',
    card: 'Carte',
    approve: 'Approuver',
    fail: 'Échouer',
    note: 'Cette page tient lieu de la vérification de votre banque. Aucun paiement réel n’a lieu.',
  },
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The amount as people of the locale write it, without floats: "1,234.50" / "1 234,50". */
function formatAmountText(amount: string, locale: 'en' | 'fr'): string {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'fr' ? '\u202f' : ',');
  return fraction === undefined ? grouped : `${grouped}${locale === 'fr' ? ',' : '.'}${fraction}`;
}

/** The page for one open challenge. */
export function challengePage(input: {
  challengeId: string;
  locale: 'en' | 'fr';
  amount: string;
  currency: string;
  card: { brand: string; last4: string };
}): string {
  const text = TEXT[input.locale];
  const amount = `${formatAmountText(input.amount, input.locale)} ${input.currency}`;
  const card = `${input.card.brand.toUpperCase()} •••• ${input.card.last4}`;
  const action = `/processor-sim/3ds/${encodeURIComponent(input.challengeId)}`;
  return `<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(text.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/processor-sim/3ds.css">
</head>
<body>
<main aria-labelledby="title">
<p class="bank">${escapeHtml(text.bank)}</p>
<h1 id="title">${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.intro)}</p>
<dl>
<div><dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(amount)}</dd></div>
<div><dt>${escapeHtml(text.card)}</dt><dd>${escapeHtml(card)}</dd></div>
</dl>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="approve" class="approve">${escapeHtml(text.approve)}</button>
<button type="submit" name="decision" value="fail" class="fail">${escapeHtml(text.fail)}</button>
</form>
<p class="note">${escapeHtml(text.note)}</p>
</main>
</body>
</html>
`;
}

/** The page's stylesheet (served at /processor-sim/3ds.css: the CSP allows styles from this origin only). */
export const CHALLENGE_STYLESHEET = `:root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #16181d; --muted: #4a4f59;
  --approve: #0b6b3a; --fail: #a1241b; --focus: #1a56db; }
@media (prefers-color-scheme: dark) { :root { --bg: #101217; --card: #1b1e25; --text: #f1f2f4; --muted: #c2c6ce;
  --approve: #1f9d5c; --fail: #e0584d; --focus: #8ab4ff; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(28rem, calc(100% - 2rem)); background: var(--card); border-radius: 12px; padding: 1.5rem;
  box-shadow: 0 2px 12px rgb(0 0 0 / 15%); }
h1 { font-size: 1.375rem; margin: 0.25rem 0 0.75rem; }
.bank, .note { color: var(--muted); font-size: 0.875rem; margin: 0; }
.note { margin-top: 1rem; }
dl { margin: 1rem 0; display: grid; gap: 0.5rem; }
dl div { display: flex; justify-content: space-between; gap: 1rem; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
form { display: flex; gap: 0.75rem; flex-wrap: wrap; }
button { flex: 1 1 8rem; min-height: 44px; border: 0; border-radius: 8px; color: #fff; font: inherit; font-weight: 600;
  cursor: pointer; }
button.approve { background: var(--approve); }
button.fail { background: var(--fail); }
@media (prefers-color-scheme: dark) { button { color: #0b0c0f; } }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;
