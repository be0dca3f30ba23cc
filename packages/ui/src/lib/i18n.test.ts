import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTranslationBackend,
  startTranslations,
  switchLanguage,
  type TranslationInstance,
  type TranslationOptions,
} from './i18n';
import { setThemePreference, storedThemePreference, THEME_CHANGE_EVENT } from './theme';

// The loading rules both apps get from here (spec sections 1, 7 and 9), checked on a stand-in i18next instance.

function browserWith(stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const html = { lang: '', attributes: new Map<string, string>() };
  const events: Event[] = [];
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('window', {
    location: { search: '', hostname: 'bank.example', protocol: 'https:' },
    dispatchEvent: (event: Event) => events.push(event),
  });
  vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' });
  vi.stubGlobal('document', {
    cookie: '',
    documentElement: {
      set lang(value: string) {
        html.lang = value;
      },
      get lang() {
        return html.lang;
      },
      setAttribute: (name: string, value: string) => html.attributes.set(name, value),
      removeAttribute: (name: string) => html.attributes.delete(name),
    },
  });
  return { storage, html, events };
}

function fakeInstance() {
  const listeners: ((language: string) => void)[] = [];
  const used: unknown[] = [];
  let options: TranslationOptions | undefined;
  const instance: TranslationInstance & { language: string } = {
    language: 'en',
    use(module) {
      used.push(module);
      return instance;
    },
    async init(given) {
      options = given;
      instance.language = given.lng;
    },
    on(_event, listener) {
      listeners.push(listener);
    },
    async changeLanguage(language) {
      instance.language = language;
      listeners.forEach((listener) => listener(language));
    },
  };
  return { instance, used, listeners, options: () => options };
}

describe('startTranslations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads only the detected language with the spec retries, parallel reads and fallbacks', async () => {
    const { html, storage } = browserWith({ lng: 'fr' });
    const fake = fakeInstance();
    await startTranslations(fake.instance, {
      baseUrl: '/console/',
      namespaces: ['common', 'errors', 'common'],
      defaultNamespace: 'common',
    });
    expect(fake.options()).toMatchObject({
      lng: 'fr',
      load: 'currentOnly',
      ns: ['common', 'errors'],
      defaultNS: 'common',
      fallbackLng: ['en-US', 'fr-FR', 'dev'],
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
    expect(html.lang).toBe('fr');
    expect(storage.get('lng')).toBe('fr');
    expect(document.cookie).toBe('lng=fr; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('follows a language switch on <html lang> and remembers it', async () => {
    const { html, storage } = browserWith();
    const fake = fakeInstance();
    await startTranslations(fake.instance, {
      baseUrl: '/',
      namespaces: ['console'],
      defaultNamespace: 'console',
    });
    expect(html.lang).toBe('en');
    await switchLanguage(fake.instance, 'fr');
    expect(html.lang).toBe('fr');
    expect(storage.get('lng')).toBe('fr');
  });
});

describe('createTranslationBackend', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function read(status: number | 'offline') {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (status === 'offline') {
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify({ hello: 'bonjour' }), { status });
    });
    const result = await new Promise<[string | null, unknown]>((resolve) =>
      createTranslationBackend('/console/').read('fr', 'console', (error, data) => resolve([error, data])),
    );
    return { urls, result };
  }

  it("reads the app's own file under its base", async () => {
    const { urls, result } = await read(200);
    expect(urls).toEqual(['/console/lang/fr/console.json']);
    expect(result).toEqual([null, { hello: 'bonjour' }]);
  });

  it('asks i18next to retry a 5xx answer or a network failure, not a 404', async () => {
    expect((await read(503)).result).toEqual(['GET /console/lang/fr/console.json failed', true]);
    expect((await read('offline')).result[1]).toBe(true);
    expect((await read(404)).result[1]).toBe(false);
  });
});

describe('theme preference', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is system when nothing or something unknown is stored', () => {
    browserWith({ theme: 'sepia' });
    expect(storedThemePreference()).toBe('system');
  });

  it('is applied, stored and announced when set', () => {
    const { html, storage, events } = browserWith();
    vi.stubGlobal(
      'CustomEvent',
      class extends Event {
        constructor(
          type: string,
          readonly init: { detail: unknown },
        ) {
          super(type);
        }
      },
    );
    setThemePreference('dark');
    expect(html.attributes.get('data-theme')).toBe('dark');
    expect(storage.get('theme')).toBe('dark');
    expect(storedThemePreference()).toBe('dark');
    expect(events.map((event) => event.type)).toEqual([THEME_CHANGE_EVENT]);
    setThemePreference('system');
    expect(html.attributes.has('data-theme')).toBe(false);
  });
});
