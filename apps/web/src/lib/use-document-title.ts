import { useEffect } from 'react';

/** The document title of a page: its own name, then the brand (`Wallets — Tessera`, `Portefeuilles — Tessera`). */
export function pageTitle(page: string): string {
  return `${page} — Tessera`;
}

/** Sets the document title while a page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Sets a page's own translated title, `<page> — Tessera`: the one way every signed-in page names itself (the
 * generic title of index.html is the public home page's).
 */
export function usePageTitle(page: string): void {
  useDocumentTitle(pageTitle(page));
}
