/**
 * The idempotent seed: at every start it upserts the content (categories, articles, translations, related links
 * and the search vocabulary) from services/help/content. It never deletes what visitors gave: feedback stays,
 * and an article or category that left the content is marked withdrawn (no longer served) rather than deleted,
 * so its feedback keeps its article. All in one transaction: a reader sees the old content or the new one.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { HELP_LANGUAGES } from '@tessera/contracts';
import type { HelpDatabase, HelpTables } from '../../tables.ts';
import { countTerms, foldWord } from './terms.ts';
import type { HelpContent } from './content.loader.ts';

type Trx = Transaction<HelpTables>;

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters. */
const insertBatchRows = 500;

async function upsertCategories(trx: Trx, content: HelpContent): Promise<void> {
  const ids = content.categories.map((category) => category.id);
  await trx
    .insertInto('category')
    .values(
      content.categories.map((c) => ({ id: c.id, position: c.order, icon: c.icon, withdrawn_at: null })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        position: eb.ref('excluded.position'),
        icon: eb.ref('excluded.icon'),
        withdrawn_at: null,
      })),
    )
    .execute();
  await trx
    .insertInto('category_translation')
    .values(
      content.categories.flatMap((c) =>
        HELP_LANGUAGES.map((language) => ({
          category_id: c.id,
          language,
          slug: c.slug[language],
          name: c.name[language],
          description: c.description[language],
        })),
      ),
    )
    .onConflict((conflict) =>
      conflict.columns(['category_id', 'language']).doUpdateSet((eb) => ({
        slug: eb.ref('excluded.slug'),
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
      })),
    )
    .execute();
  await trx
    .updateTable('category')
    .set({ withdrawn_at: new Date() })
    .where('id', 'not in', ids)
    .where('withdrawn_at', 'is', null)
    .execute();
}

async function upsertArticles(trx: Trx, content: HelpContent): Promise<void> {
  const english = content.articles.filter((article) => article.language === 'en');
  await upsertArticleRows(trx, english);
  await upsertArticleTranslations(trx, content);
  await replaceRelatedArticles(trx, english);
}

/**
 * One row per article (its English entry), restored if it was withdrawn; articles gone from the content withdrawn,
 * and so are unpublished ones (`published: false`: their feature has not landed), which keeps them out of every
 * read (list, search, article, related, sitemap, feedback) until they are published.
 */
async function upsertArticleRows(trx: Trx, english: HelpContent['articles']): Promise<void> {
  const ids = english.map((article) => article.id);
  const now = new Date();
  await trx
    .insertInto('article')
    .values(
      english.map((a) => ({
        id: a.id,
        category_id: a.categoryId,
        updated_on: a.updated,
        withdrawn_at: a.published ? null : now,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        category_id: sql.ref('excluded.category_id'),
        updated_on: sql.ref('excluded.updated_on'),
        // Published: served again. Unpublished: withdrawn since whenever it first was.
        withdrawn_at: sql<Date | null>`case when excluded.withdrawn_at is null then null
          else coalesce(article.withdrawn_at, excluded.withdrawn_at) end`,
      }),
    )
    .execute();
  await trx
    .updateTable('article')
    .set({ withdrawn_at: new Date() })
    .where('id', 'not in', ids)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** Every translation of every article. */
async function upsertArticleTranslations(trx: Trx, content: HelpContent): Promise<void> {
  // Only rows whose text changed are rewritten, so an unchanged start does not rebuild the search index.
  await trx
    .insertInto('article_translation')
    .values(
      content.articles.map((a) => ({
        article_id: a.id,
        language: a.language,
        slug: a.slug,
        title: a.title,
        summary: a.summary,
        body_markdown: a.markdown,
        body_html: a.html,
        body_text: a.text,
        headings: JSON.stringify(a.headings),
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['article_id', 'language'])
        .doUpdateSet((eb) => ({
          slug: eb.ref('excluded.slug'),
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          body_markdown: eb.ref('excluded.body_markdown'),
          body_html: eb.ref('excluded.body_html'),
          body_text: eb.ref('excluded.body_text'),
          headings: eb.ref('excluded.headings'),
        }))
        .where(
          sql<boolean>`(article_translation.slug, article_translation.title, article_translation.summary,
            article_translation.body_html, article_translation.body_text, article_translation.headings)
            is distinct from (excluded.slug, excluded.title, excluded.summary, excluded.body_html,
            excluded.body_text, excluded.headings)`,
        ),
    )
    .execute();
}

/** The related articles of each article, in the content's order. */
async function replaceRelatedArticles(trx: Trx, english: HelpContent['articles']): Promise<void> {
  const ids = english.map((article) => article.id);
  await trx.deleteFrom('article_related').where('article_id', 'in', ids).execute();
  const related = english.flatMap((a) =>
    a.related.map((relatedId, position) => ({ article_id: a.id, related_article_id: relatedId, position })),
  );
  if (related.length > 0) {
    await trx.insertInto('article_related').values(related).execute();
  }
}

async function replaceSearchTerms(trx: Trx, content: HelpContent): Promise<void> {
  await trx.deleteFrom('search_term').execute();
  for (const language of HELP_LANGUAGES) {
    // Only published text: a search must not suggest words found only in articles nobody can read.
    const texts = content.articles
      .filter((article) => article.language === language && article.published)
      .flatMap((article) => [article.title, article.summary, article.text]);
    const rows = [...countTerms(texts)].map(([term, frequency]) => ({
      language,
      term,
      term_folded: foldWord(term),
      frequency,
    }));
    for (let start = 0; start < rows.length; start += insertBatchRows) {
      await trx
        .insertInto('search_term')
        .values(rows.slice(start, start + insertBatchRows))
        .execute();
    }
  }
}

/** Upserts the content; creates the address-hashing salt once. */
export async function seedHelpContent(db: HelpDatabase, content: HelpContent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertCategories(trx, content);
    await upsertArticles(trx, content);
    await replaceSearchTerms(trx, content);
    await trx
      .insertInto('setting')
      .values({ name: 'address_salt', value: randomBytes(32).toString('hex') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  });
}
