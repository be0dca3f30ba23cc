import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #15: the French category cards used straight apostrophes ("Vérification d'identité"), and a category blurb
// promised exports and tax summaries that no published article covers.
const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');

interface Category {
  id: number;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
}

const categories = JSON.parse(readFileSync(join(contentDir, 'categories.json'), 'utf8')) as Category[];

function isPublished(id: number): boolean {
  const file = readdirSync(join(contentDir, 'en')).find((name) => name.startsWith(`${id}-`));
  if (!file) {
    return false;
  }
  return !/^published:\s*false\s*$/m.test(readFileSync(join(contentDir, 'en', file), 'utf8'));
}

describe('help categories', () => {
  it('write French with typographic apostrophes', () => {
    for (const category of categories) {
      expect(category.name.fr, `category ${category.id}`).not.toContain("'");
      expect(category.description.fr, `category ${category.id}`).not.toContain("'");
    }
  });

  it('promise exports and tax summaries only once their article is published', () => {
    const wallets = categories.find((category) => category.id === 5);
    expect(wallets).toBeDefined();
    if (!isPublished(503)) {
      expect(wallets?.description.en).not.toMatch(/export|tax/i);
      expect(wallets?.description.fr).not.toMatch(/export|fiscal/i);
    }
  });
});
