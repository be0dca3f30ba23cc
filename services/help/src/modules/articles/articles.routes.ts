/**
 * Read routes of the help centre (under /api/help): categories, a category with its articles, an article with
 * its related articles and its canonical slugs in both languages, and search.
 */
import type { FastifyInstance } from 'fastify';
import { parseOrThrow } from '@tessera/platform';
import type {
  HelpArticleResponse,
  HelpCategoriesResponse,
  HelpCategoryResponse,
  HelpSearchResponse,
} from '@tessera/contracts';
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
import { idParamsSchema, languageQuerySchema, searchQuerySchema } from './articles.schemas.ts';

/** Content changes only when the service is deployed with new content: browsers and CDNs may keep it 5 minutes. */
const CONTENT_CACHE_CONTROL = 'public, max-age=300';

export async function articlesRoutes(app: FastifyInstance, { db }: { db: HelpDatabase }) {
  app.get('/categories', async (request, reply): Promise<HelpCategoriesResponse> => {
    const { lang } = parseOrThrow(languageQuerySchema, request.query);
    void reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return { language: lang, categories: await listCategories(db, lang) };
  });

  app.get('/categories/:id', async (request, reply): Promise<HelpCategoryResponse> => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const { lang } = parseOrThrow(languageQuerySchema, request.query);
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
  });

  app.get('/articles/:id', async (request, reply): Promise<HelpArticleResponse> => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const { lang } = parseOrThrow(languageQuerySchema, request.query);
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
  });

  app.get('/search', async (request, reply): Promise<HelpSearchResponse> => {
    const { q, lang, limit } = parseOrThrow(searchQuerySchema, request.query);
    void reply.header('cache-control', 'public, max-age=60');
    return searchArticles(db, { query: q, language: lang, limit });
  });
}
