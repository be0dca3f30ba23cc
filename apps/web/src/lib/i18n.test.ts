import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage } from './i18n.ts';

// Spec section 1: the language is the stored preference (localStorage lng), then the query string, the browser
// language, then the subdomain; any tag maps onto en or fr.

function browser({
  stored = null,
  search = '',
  languages = [] as string[],
  hostname = 'bank.example',
}: {
  stored?: string | null;
  search?: string;
  languages?: string[];
  hostname?: string;
}) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'lng' ? stored : null) });
  vi.stubGlobal('window', { location: { search, hostname } });
  vi.stubGlobal('navigator', { languages, language: languages[0] ?? '' });
}

describe('detectLanguage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the stored preference first, even against the address and the browser', () => {
    browser({ stored: 'en', search: '?lng=fr', languages: ['fr-FR'] });
    expect(detectLanguage()).toBe('en');
    browser({ stored: 'fr', languages: ['en-GB'] });
    expect(detectLanguage()).toBe('fr');
  });

  it('then ?lng, then the browser first language, then the subdomain', () => {
    browser({ search: '?q=x&lng=fr', languages: ['en-GB'] });
    expect(detectLanguage()).toBe('fr');
    browser({ languages: ['fr-CA', 'en'] });
    expect(detectLanguage()).toBe('fr');
    browser({ languages: ['de-DE', 'fr'] });
    expect(detectLanguage()).toBe('en');
    browser({ hostname: 'fr.bank.example' });
    expect(detectLanguage()).toBe('fr');
    browser({});
    expect(detectLanguage()).toBe('en');
  });

  it('still detects when storage is refused (private mode)', () => {
    browser({ search: '?lng=fr' });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(detectLanguage()).toBe('fr');
  });
});
