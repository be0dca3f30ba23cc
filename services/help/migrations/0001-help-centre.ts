/**
 * The help centre's tables. Content (categories, articles, their translations and related links) is written by
 * the seed from services/help/content; feedback and the rate-limit counters are written by visitors and are
 * never touched by the seed. Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

// The text-search configuration of each language: PostgreSQL's Snowball stemmers (both ship with PostgreSQL and
// with PGlite). A constant CASE keeps the generated column immutable, as PostgreSQL requires.
const searchConfig = sql.raw(
  `(case language when 'fr' then 'french'::regconfig else 'english'::regconfig end)`,
);

/** Categories and articles with their translations (the generated search document) and related links. */
async function createContentTables(db: AnyKysely): Promise<void> {
  await sql`
      create table category (
        id integer primary key check (id > 0),
        position integer not null,
        icon text not null,
        withdrawn_at timestamptz
      )`.execute(db);
  await sql`
      create table category_translation (
        category_id integer not null references category (id),
        language text not null check (language in ('en', 'fr')),
        slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        name text not null,
        description text not null,
        primary key (category_id, language)
      )`.execute(db);
  await sql`
      create table article (
        id integer primary key check (id > 0),
        category_id integer not null references category (id),
        updated_on date not null,
        -- Set when an article disappears from the content: it stops being served, but its feedback is kept.
        withdrawn_at timestamptz
      )`.execute(db);
  await sql`
      create table article_translation (
        article_id integer not null references article (id),
        language text not null check (language in ('en', 'fr')),
        slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        title text not null,
        summary text not null,
        body_markdown text not null,
        body_html text not null,
        body_text text not null,
        headings jsonb not null,
        search_document tsvector generated always as (
          setweight(to_tsvector(${searchConfig}, title), 'A') ||
          setweight(to_tsvector(${searchConfig}, summary), 'B') ||
          setweight(to_tsvector(${searchConfig}, body_text), 'C')
        ) stored,
        primary key (article_id, language)
      )`.execute(db);
  await sql`create index article_translation_search on article_translation using gin (search_document)`.execute(
    db,
  );
  await sql`
      create table article_related (
        article_id integer not null references article (id),
        related_article_id integer not null references article (id),
        position integer not null,
        primary key (article_id, related_article_id),
        check (article_id <> related_article_id)
      )`.execute(db);
}

/** The words of the content, for spelling-tolerant search. */
async function createSearchTerms(db: AnyKysely): Promise<void> {
  // Every word of the content (lowercase) with its accent-free form, for spelling-tolerant search.
  await sql`
      create table search_term (
        language text not null check (language in ('en', 'fr')),
        term text not null,
        term_folded text not null,
        frequency integer not null check (frequency > 0),
        primary key (language, term)
      )`.execute(db);
  await sql`create index search_term_folded on search_term (language, term_folded)`.execute(db);
}

/** Visitors' feedback and its rate-limit windows. */
async function createFeedbackTables(db: AnyKysely): Promise<void> {
  await sql`
      create table feedback (
        id uuid primary key,
        article_id integer not null references article (id),
        language text not null check (language in ('en', 'fr')),
        helpful boolean not null,
        comment text check (char_length(comment) between 1 and 1000),
        created_at timestamptz not null default now()
      )`.execute(db);
  await sql`create index feedback_article on feedback (article_id, created_at)`.execute(db);
  // Fixed one-hour windows per hashed client address; rows of past windows are deleted as new ones are made.
  await sql`
      create table feedback_rate_window (
        address_hash text not null,
        window_start timestamptz not null,
        count integer not null check (count > 0),
        primary key (address_hash, window_start)
      )`.execute(db);
}

async function createSettings(db: AnyKysely): Promise<void> {
  await sql`
      create table setting (
        name text primary key,
        value text not null
      )`.execute(db);
}

// The steps run in the order of the first version's single `up`, with the same statements.
export const migration: Migration = {
  async up(db) {
    await createContentTables(db);
    await createSearchTerms(db);
    await createFeedbackTables(db);
    await createSettings(db);
  },
};
