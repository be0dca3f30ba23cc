/**
 * What the tracker's own overlays (live assist, the usability test) are built with: elements made by hand (no
 * framework in the SDK) inside a shadow root whose stylesheet the page's CSS and CSP cannot reach.
 */

export type Child = Node | string | null | false | undefined;

/** An element with its attributes (true: present and empty; false or undefined: absent) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) {
      element.setAttribute(name, '');
    } else if (typeof value === 'string') {
      element.setAttribute(name, value);
    }
  }
  for (const child of children) {
    if (child !== null && child !== false && child !== undefined && child !== '') {
      element.append(child);
    }
  }
  return element;
}

/**
 * `css` as the root's stylesheet: constructed (CSP-proof), or a `<style>` with the page's style nonce where
 * construction is missing.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // fall through
    }
  }
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="tessera-style-nonce"]')?.nonce;
  root.append(h('style', nonce ? { nonce } : {}, css));
}
