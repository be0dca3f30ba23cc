/**
 * The help service as the server mounts it: help-centre categories, articles, search and feedback under
 * /api/help, and the site's /sitemap.xml and /robots.txt. Its prefix is '' because it owns those two root paths
 * (ServiceDefinition allows it, as for identity's /oauth2); its API routes carry /api/help themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { HelpSearchApi } from '@tessera/contracts';
import { defineService, type ServiceContext, type ServicePluginOptions } from '@tessera/platform';
import { migration as helpCentre } from '../migrations/0001-help-centre.ts';
import { articleSummaries } from './modules/articles/articles.repository.ts';
import { articlesRoutes } from './modules/articles/articles.routes.ts';
import { loadHelpContent, type HelpContent } from './modules/content/content.loader.ts';
import { seedHelpContent } from './modules/content/content.seed.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { searchArticles } from './modules/search/search.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { HELP_SCHEMA, type HelpDatabase } from './tables.ts';

/** The most results the in-process search gives. */
const HELP_CLIENT_RESULTS_MAX = 10;

/** Where the help API lives (the default SERVICE_URL_HELP). */
export const HELP_API_PREFIX = '/api/help';

async function helpPlugin(app: FastifyInstance, { context }: ServicePluginOptions) {
  const db = context.db as HelpDatabase;
  await app.register(
    async (api) => {
      await api.register(articlesRoutes, { db });
      await api.register(feedbackRoutes, { db });
    },
    { prefix: HELP_API_PREFIX },
  );
  await app.register(seoRoutes, { db, config: context.config });
}

/** Builds the service definition; `content` replaces services/help/content (tests). */
export function createHelpService(options: { content?: () => Promise<HelpContent> } = {}) {
  const readContent = options.content ?? (() => loadHelpContent());
  return defineService({
    name: 'help',
    schema: HELP_SCHEMA,
    prefix: '',
    migrations: { '0001-help-centre': helpCentre },
    plugin: helpPlugin,
    /** HELP_CLIENT of @tessera/contracts: the same search as GET /api/help/search (the assistant cites from it). */
    createClient: (context: ServiceContext): Promise<HelpSearchApi> =>
      Promise.resolve({
        search: (query, language, limit) =>
          searchArticles(context.db as HelpDatabase, {
            query,
            language,
            limit: Math.min(Math.max(Math.trunc(limit), 1), HELP_CLIENT_RESULTS_MAX),
          }),
        article: async (id, language) =>
          (await articleSummaries(context.db as HelpDatabase, language)
            .where('a.id', '=', id)
            .executeTakeFirst()) ?? null,
      }),
    async seed(context: ServiceContext) {
      const content = await readContent();
      await seedHelpContent(context.db as HelpDatabase, content);
      context.log.info(
        { categories: content.categories.length, articles: content.articles.length },
        'help content loaded',
      );
    },
  });
}

/** The help service with the content shipped in services/help/content. */
export const helpService = createHelpService();
