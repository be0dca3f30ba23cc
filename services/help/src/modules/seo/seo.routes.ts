/**
 * /sitemap.xml and /robots.txt for the public site. The help service owns them because it knows every help
 * article; the marketing pages are the fixed list of spec section 2 (PUBLIC_SITE_PATHS). Absolute URLs use
 * PUBLIC_URL, never the request's Host header (which the caller writes, and a cache keyed without it would hand to
 * everyone); without PUBLIC_URL, http://localhost:<PORT>, right only for a local run (services/help/README.md).
 */
import { z } from 'zod';
import type { Config, ServiceRoutes } from '@tessera/platform';
import {
  HELP_LANGUAGES,
  type HelpLanguage,
  helpArticlePath,
  helpCategoryPath,
  localizedPath,
  PUBLIC_SITE_PATHS,
} from '@tessera/contracts';
import type { HelpDatabase } from '../../tables.ts';
import { listAllArticles, listCategories } from '../articles/articles.repository.ts';

/** Paths crawlers should skip: signed-in areas, the staff console and the APIs. */
export const ROBOTS_DISALLOWED = ['/dashboard/', '/assistant/', '/console/', '/api/'] as const;

/** The origin of the sitemap's and robots.txt's absolute URLs. Exported for its test. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One page in every language: a <url> per language, each listing all alternates (as Google asks). */
interface SitemapPage {
  paths: Record<HelpLanguage, string>;
  lastModified?: string;
}

function urlEntries(origin: string, page: SitemapPage): string[] {
  const href = (language: HelpLanguage) => escapeXml(origin + localizedPath(page.paths[language], language));
  const alternates = [
    ...HELP_LANGUAGES.map(
      (language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${href(language)}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${href('en')}"/>`,
  ];
  return HELP_LANGUAGES.map((language) =>
    [
      '  <url>',
      `    <loc>${href(language)}</loc>`,
      ...(page.lastModified ? [`    <lastmod>${page.lastModified}</lastmod>`] : []),
      ...alternates,
      '  </url>',
    ].join('\n'),
  );
}

async function sitemapPages(db: HelpDatabase): Promise<SitemapPage[]> {
  const pages: SitemapPage[] = PUBLIC_SITE_PATHS.map((path) => ({ paths: { en: path, fr: path } }));
  const [categoriesEn, categoriesFr, articlesEn, articlesFr] = await Promise.all([
    listCategories(db, 'en'),
    listCategories(db, 'fr'),
    listAllArticles(db, 'en'),
    listAllArticles(db, 'fr'),
  ]);
  const frenchCategory = new Map(categoriesFr.map((category) => [category.id, category]));
  for (const category of categoriesEn) {
    const french = frenchCategory.get(category.id);
    if (french) {
      pages.push({
        paths: {
          en: helpCategoryPath(category.id, category.slug),
          fr: helpCategoryPath(french.id, french.slug),
        },
      });
    }
  }
  const frenchArticle = new Map(articlesFr.map((article) => [article.id, article]));
  for (const article of articlesEn) {
    const french = frenchArticle.get(article.id);
    if (french) {
      pages.push({
        paths: { en: helpArticlePath(article), fr: helpArticlePath(french) },
        lastModified: article.updated,
      });
    }
  }
  return pages;
}

export const seoRoutes: ServiceRoutes<{ db: HelpDatabase; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: "The public site's sitemap",
        description:
          'Every marketing page, help category and help article, one `<url>` per language with its alternates.',
        response: {
          200: {
            description: 'A sitemap (sitemaps.org 0.9) with xhtml:link alternates',
            content: { 'application/xml': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const origin = publicOrigin(config);
      const entries = (await sitemapPages(db)).flatMap((page) => urlEntries(origin, page));
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...entries,
        '</urlset>',
        '',
      ].join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(xml);
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        summary: "The public site's robots.txt",
        description:
          'Allows the site, disallows the signed-in areas, the console and the APIs, names the sitemap.',
        response: {
          200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${publicOrigin(config)}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    },
  );
};
