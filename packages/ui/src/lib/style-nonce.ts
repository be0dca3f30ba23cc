/**
 * The CSP nonce for the `<style>` elements the Radix primitives add: react-remove-scroll's scroll lock (Dialog, and
 * the modal DropdownMenu and Select) and Select's viewport. The policy refuses inline `<style>` (style-src 'self'):
 * rather than loosening it, the server puts a fresh nonce in each HTML page's policy and in
 * `<meta name="tessera-style-nonce" nonce="...">` (server/src/static-apps.ts); the app adopts it at start.
 */

/** The meta element that carries the nonce of this page's policy. */
export const STYLE_NONCE_META = 'tessera-style-nonce';

let adopted: string | undefined;

/**
 * Reads this page's style nonce and hands it to react-style-singleton (through get-nonce's `__webpack_nonce__`,
 * the global it reads when no nonce was set on it). Call once, before any dialog opens.
 */
export function adoptStyleNonce(): string | undefined {
  if (typeof document === 'undefined') {
    return undefined;
  }
  // Browsers hide a nonce attribute from getAttribute once the page has a policy; the property keeps it.
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`);
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  if (nonce) {
    adopted = nonce;
    (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  }
  return adopted;
}

/** The adopted nonce, for a primitive that renders its own `<style>` (Select's viewport). */
export function styleNonce(): string | undefined {
  return adopted;
}
