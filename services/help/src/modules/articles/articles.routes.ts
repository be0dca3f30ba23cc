/**
 * Read routes of the help centre (under /api/help): categories, a category with its articles, an article with
 * its related articles and its canonical slugs in both languages, and search. Public: no sign-in.
 */
import type { ServiceRoutes } from '@tessera/platform';
import { NotFoundError } from '../../errors.ts';
import type { HelpDatabase } from '../../tables.ts';
import { searchArticles } from '../search/search.service.ts';
import {
  articleAlternates,
  categoryAlternates,
  findArticle,
  findCategory,
  listCategories,
  listCategoryArticles,
  listRelatedArticles,
} from './articles.repository.ts';
import {
  helpArticleResponseSchema,
  helpCategoriesResponseSchema,
  helpCategoryResponseSchema,
  helpSearchResponseSchema,
  idParamsSchema,
  languageQuerySchema,
  searchQuerySchema,
} from './articles.schemas.ts';

/** Content changes only when the service is deployed with new content: browsers and CDNs may keep it 5 minutes. */
const CONTENT_CACHE_CONTROL = 'public, max-age=300';

export const articlesRoutes: ServiceRoutes<{ db: HelpDatabase }> = async (app, options) => {
  await app.register(categoryRoutes, options);
  await app.register(articleRoutes, options);
};

/** The categories, and one category with its articles. */
const categoryRoutes: ServiceRoutes<{ db: HelpDatabase }> = async (app, { db }) => {
  app.get(
    '/categories',
    {
      schema: {
        summary: 'Lists the help categories of a language',
        description:
          'Every category with its canonical slug and how many articles it holds in that language.',
        querystring: languageQuerySchema,
        response: { 200: helpCategoriesResponseSchema },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      void reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return { language: lang, categories: await listCategories(db, lang) };
    },
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        summary: 'Gives a help category with its articles',
        description: 'The category, its articles and its canonical slug in each language (`alternates`).',
        params: idParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: helpCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { lang } = request.query;
      const category = await findCategory(db, id, lang);
      if (!category) {
        throw new NotFoundError('No such help category.', { categoryId: id });
      }
      void reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return {
        language: lang,
        category,
        articles: await listCategoryArticles(db, id, lang),
        alternates: await categoryAlternates(db, id),
      };
    },
  );
};

/** One article, and search. */
const articleRoutes: ServiceRoutes<{ db: HelpDatabase }> = async (app, { db }) => {
  app.get(
    '/articles/:id',
    {
      schema: {
        summary: 'Gives a help article',
        description:
          'The article rendered to safe HTML with its headings, its related articles and its canonical slugs in ' +
          'each language. A withdrawn article is NOT_FOUND.',
        params: idParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: helpArticleResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { lang } = request.query;
      const article = await findArticle(db, id, lang);
      if (!article) {
        throw new NotFoundError('No such help article.', { articleId: id });
      }
      void reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return {
        language: lang,
        article,
        related: await listRelatedArticles(db, id, lang),
        alternates: await articleAlternates(db, id),
      };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        summary: 'Searches the help articles',
        description:
          'Ranked results with highlighted titles and excerpts; `correctedQuery` is set when a spelling ' +
          'correction found the results.',
        querystring: searchQuerySchema,
        response: { 200: helpSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { q, lang, limit } = request.query;
      void reply.header('cache-control', 'public, max-age=60');
      return searchArticles(db, { query: q, language: lang, limit });
    },
  );
};
