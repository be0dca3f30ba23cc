/** @tessera/service-help: the help centre (categories, articles, search, feedback), sitemap.xml and robots.txt. */
export { createHelpService, HELP_API_PREFIX, helpService } from './service.ts';
