/**
 * The help schema's tables as Kysely sees them, and the schema name for raw SQL (the service's Kysely is bound to
 * the schema with `withSchema`, which raw SQL does not follow).
 */
import { sql } from 'kysely';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { HelpHeading } from '@tessera/contracts';

/** The schema this service owns. */
export const HELP_SCHEMA = 'help';

/** A table of the help schema in raw SQL: `${table('article')}` is `"help"."article"`. */
export function table(name: keyof HelpTables) {
  return sql.id(HELP_SCHEMA, name);
}

/** Row types, as both engines return them (dates as Date, date as YYYY-MM-DD, jsonb parsed). */
export interface HelpTables {
  category: { id: number; position: number; icon: string; withdrawn_at: Date | null };
  category_translation: {
    category_id: number;
    language: string;
    slug: string;
    name: string;
    description: string;
  };
  article: { id: number; category_id: number; updated_on: string; withdrawn_at: Date | null };
  article_translation: {
    article_id: number;
    language: string;
    slug: string;
    title: string;
    summary: string;
    body_markdown: string;
    body_html: string;
    body_text: string;
    headings: ColumnType<HelpHeading[], string, string>;
  };
  article_related: { article_id: number; related_article_id: number; position: number };
  search_term: { language: string; term: string; term_folded: string; frequency: number };
  feedback: {
    id: string;
    article_id: number;
    language: string;
    helpful: boolean;
    comment: string | null;
    created_at: Generated<Date>;
  };
  feedback_rate_window: { address_hash: string; window_start: Date; count: number };
  setting: { name: string; value: string };
}

/** The service's database handle. */
export type HelpDatabase = Kysely<HelpTables>;
