import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, NAMESPACES, toLanguage } from './i18n.ts';

const LANG_DIR = join(import.meta.dirname, '../../public/lang');

function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return [`${prefix}[${value.length}]`];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(LANG_DIR, language, `${namespace}.json`), 'utf8'));
}

describe('translations', () => {
  it('ship the same namespaces in every language, and only the declared ones', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(LANG_DIR, language)).sort();
      expect(files).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it.each(NAMESPACES)('%s has the same keys in English and French, none empty', (namespace) => {
    const english = keysOf(load('en', namespace)).sort();
    const french = keysOf(load('fr', namespace)).sort();
    expect(french).toEqual(english);
    const texts = JSON.stringify([load('en', namespace), load('fr', namespace)]);
    expect(texts).not.toMatch(/""/);
  });

  it('keeps the interpolation variables of each English string in its French version', () => {
    for (const namespace of NAMESPACES) {
      const en = load('en', namespace);
      const fr = load('fr', namespace);
      const walk = (a: unknown, b: unknown, path: string) => {
        if (typeof a === 'string') {
          const vars = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect(vars(String(b)), `${namespace}:${path}`).toEqual(vars(a));
        } else if (a && typeof a === 'object') {
          for (const [key, inner] of Object.entries(a)) {
            walk(inner, (b as Record<string, unknown>)[key], `${path}.${key}`);
          }
        }
      };
      walk(en, fr, '');
    }
  });

  it('maps detected language tags onto a shipped language', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('FR')).toBe('fr');
    expect(toLanguage('de-DE')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
