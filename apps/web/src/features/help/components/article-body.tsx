import type { MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

/**
 * The article's HTML, as the help service rendered it: its renderer escapes raw HTML and keeps only internal and
 * https links (services/help/src/modules/content/markdown.ts), so the markup is safe to insert. Internal links
 * navigate inside the app instead of reloading the page.
 */
export function ArticleBody({ html }: { html: string }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    // The clicks handled are those of the links inside, which stay keyboard-operable as links.
    <div className="app-article-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
