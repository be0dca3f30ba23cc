import { describe, expect, it } from 'vitest';
import { isAllowedLink, renderArticle, slugify } from './markdown.ts';

describe('help article renderer', () => {
  it('escapes raw HTML instead of passing it through', () => {
    const { html } = renderArticle('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps internal and https links and drops every other scheme', () => {
    const { html } = renderArticle(
      [
        '[pricing](/pricing/) [docs](https://example.com/a) [bad](javascript:alert(1))',
        '[plain](http://example.com) [mail](mailto:a@b.c) [data](data:text/html;base64,xx) [proto](//evil.example/)',
      ].join('\n'),
    );
    expect(html).toContain('<a href="/pricing/">pricing</a>');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer">docs</a>');
    for (const refused of ['javascript:', 'http://example.com', 'mailto:', 'data:', '//evil.example']) {
      expect(html).not.toContain(`href="${refused}`);
    }
    expect(isAllowedLink('/\\evil.example')).toBe(false);
    expect(isAllowedLink('#withdraw-crypto')).toBe(true);
  });

  it('gives headings unique ids and returns the outline and plain text', () => {
    const result = renderArticle(
      'Intro **bold**.\n\n## Dépôt par carte\n\nText.\n\n## Dépôt par carte\n\n### Limits & fees',
    );
    expect(result.headings).toEqual([
      { id: 'depot-par-carte', level: 2, text: 'Dépôt par carte' },
      { id: 'depot-par-carte-2', level: 2, text: 'Dépôt par carte' },
      { id: 'limits-fees', level: 3, text: 'Limits & fees' },
    ]);
    expect(result.html).toContain('<h2 id="depot-par-carte">Dépôt par carte</h2>');
    expect(result.text).toContain('Intro bold.');
    expect(result.text).not.toContain('**');
  });

  it('slugifies like the content check', () => {
    expect(slugify("Vérification d'identité")).toBe('verification-d-identite');
    expect(slugify('Œuvre & cœur')).toBe('oeuvre-coeur');
  });
});
