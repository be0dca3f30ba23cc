/**
 * Reads of categories and articles. Withdrawn categories and articles (gone from the content, or not published
 * yet) are never served, nor is a category without a served article.
 */
import { sql } from 'kysely';
import type {
  HelpAlternates,
  HelpArticleSummary,
  HelpCategory,
  HelpHeading,
  HelpLanguage,
} from '@tessera/contracts';
import type { HelpDatabase } from '../../tables.ts';

/** Live articles in one language with their category, as list items. */
export function articleSummaries(db: HelpDatabase, language: HelpLanguage) {
  return db
    .selectFrom('article as a')
    .innerJoin('article_translation as t', (join) =>
      join.onRef('t.article_id', '=', 'a.id').on('t.language', '=', language),
    )
    .innerJoin('category as c', 'c.id', 'a.category_id')
    .innerJoin('category_translation as ct', (join) =>
      join.onRef('ct.category_id', '=', 'c.id').on('ct.language', '=', language),
    )
    .where('a.withdrawn_at', 'is', null)
    .where('c.withdrawn_at', 'is', null)
    .select([
      'a.id',
      'a.category_id as categoryId',
      'ct.slug as categorySlug',
      'ct.name as categoryName',
      't.slug',
      't.title',
      't.summary',
      'a.updated_on as updated',
    ]);
}

function categories(db: HelpDatabase, language: HelpLanguage) {
  return (
    db
      .selectFrom('category as c')
      .innerJoin('category_translation as ct', (join) =>
        join.onRef('ct.category_id', '=', 'c.id').on('ct.language', '=', language),
      )
      .where('c.withdrawn_at', 'is', null)
      // A category whose articles are all unpublished (its feature has not landed) is not shown.
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('article as live')
            .whereRef('live.category_id', '=', 'c.id')
            .where('live.withdrawn_at', 'is', null)
            .select('live.id'),
        ),
      )
      .select((eb) => [
        'c.id',
        'ct.slug',
        'ct.name',
        'ct.description',
        'c.icon',
        eb
          .selectFrom('article as a')
          .whereRef('a.category_id', '=', 'c.id')
          .where('a.withdrawn_at', 'is', null)
          .select(sql<string>`count(*)`.as('n'))
          .as('articleCount'),
      ])
      .orderBy('c.position')
      .orderBy('c.id')
  );
}

function toCategory(row: {
  id: number;
  slug: string;
  name: string;
  description: string;
  icon: string;
  articleCount: string | null;
}): HelpCategory {
  return { ...row, articleCount: Number(row.articleCount ?? 0) };
}

/** Every live category with its article count, in display order. */
export async function listCategories(db: HelpDatabase, language: HelpLanguage): Promise<HelpCategory[]> {
  return (await categories(db, language).execute()).map(toCategory);
}

/** One live category, or undefined. */
export async function findCategory(
  db: HelpDatabase,
  id: number,
  language: HelpLanguage,
): Promise<HelpCategory | undefined> {
  const row = await categories(db, language).where('c.id', '=', id).executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

/** The live articles of a category, by id (the content numbers them in reading order). */
export async function listCategoryArticles(
  db: HelpDatabase,
  categoryId: number,
  language: HelpLanguage,
): Promise<HelpArticleSummary[]> {
  return articleSummaries(db, language).where('a.category_id', '=', categoryId).orderBy('a.id').execute();
}

/** The category's slug in every language. */
export async function categoryAlternates(db: HelpDatabase, categoryId: number): Promise<HelpAlternates> {
  const rows = await db
    .selectFrom('category_translation')
    .where('category_id', '=', categoryId)
    .select(['language', 'slug'])
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.language, { categorySlug: row.slug, slug: row.slug }]),
  ) as HelpAlternates;
}

/** One live article with its body, or undefined. */
export async function findArticle(db: HelpDatabase, id: number, language: HelpLanguage) {
  const row = await articleSummaries(db, language)
    .where('a.id', '=', id)
    .select(['t.body_html as html', 't.headings'])
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  const { headings, ...rest } = row;
  return { ...rest, headings: headings as HelpHeading[] };
}

/** The article's related articles that are still live, in the order the content lists them. */
export async function listRelatedArticles(
  db: HelpDatabase,
  id: number,
  language: HelpLanguage,
): Promise<HelpArticleSummary[]> {
  return articleSummaries(db, language)
    .innerJoin('article_related as r', 'r.related_article_id', 'a.id')
    .where('r.article_id', '=', id)
    .orderBy('r.position')
    .execute();
}

/** The article's canonical slugs in every language. */
export async function articleAlternates(db: HelpDatabase, id: number): Promise<HelpAlternates> {
  const rows = await db
    .selectFrom('article_translation as t')
    .innerJoin('article as a', 'a.id', 't.article_id')
    .innerJoin('category_translation as ct', (join) =>
      join.onRef('ct.category_id', '=', 'a.category_id').onRef('ct.language', '=', 't.language'),
    )
    .where('t.article_id', '=', id)
    .select(['t.language', 't.slug', 'ct.slug as categorySlug'])
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.language, { categorySlug: row.categorySlug, slug: row.slug }]),
  ) as HelpAlternates;
}

/** Every live article in every language, for the sitemap. */
export async function listAllArticles(
  db: HelpDatabase,
  language: HelpLanguage,
): Promise<HelpArticleSummary[]> {
  return articleSummaries(db, language).orderBy('a.id').execute();
}
