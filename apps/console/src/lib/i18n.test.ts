import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

function keys(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('console translations', () => {
  it.each(NAMESPACES)('%s has the same keys in English and French, none empty', (namespace) => {
    const read = (language: string) =>
      JSON.parse(
        readFileSync(new URL(`../../public/lang/${language}/${namespace}.json`, import.meta.url), 'utf8'),
      ) as Record<string, unknown>;
    const en = read('en');
    const fr = read('fr');
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr);
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
    }
  });
});
