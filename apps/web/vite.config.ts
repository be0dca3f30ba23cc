import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

// The web app: public site, help centre, sign-in and the customer dashboard.
// Dashboard areas are split per route (autoCodeSplitting) so the public home page stays small.

/**
 * public/theme-init.js is copied as it is written (a classic script every page loads in its head): the build
 * minifies the copy, so its comments stay in the source and out of every page's first load.
 */
function minifyThemeInit(): Plugin {
  return {
    name: 'tessera:minify-theme-init',
    apply: 'build',
    writeBundle(options) {
      const file = join(options.dir ?? 'dist', 'theme-init.js');
      if (!existsSync(file)) {
        return; // the pre-render's Node build copies no public files
      }
      const result = minifySync('theme-init.js', readFileSync(file, 'utf8'), {
        compress: true,
        mangle: true,
      });
      if (result.errors.length > 0) {
        throw new Error(`theme-init.js: ${result.errors.map((error) => error.message).join('; ')}`);
      }
      writeFileSync(file, result.code);
    },
  };
}

/** The paths the one-process server answers (its routes outside the web app), for the dev server's proxy. */
const serverPaths =
  '^/(api|identity|oauth2|\\.well-known|logout|dev|processor-sim|console|v1|ingest|config\\.json|healthz|readyz|metrics|sitemap\\.xml|robots\\.txt)(/|\\?|$)';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The router's default leaves a route's pendingComponent in the entry: a skeleton exported from a page's module
      // then pulls that whole page (and its dialogs) into what /login and the public pages load first.
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    minifyThemeInit(),
  ],
  resolve: { alias: { '#': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // WEB_MINIFY=false keeps function names readable in a CPU profile (docs/benchmarks.md).
    minify: process.env.WEB_MINIFY !== 'false',
    target: 'es2022',
    // Every browser the app supports preloads modules natively (Safari from 17; 16.4 just fetches them later).
    modulePreload: { polyfill: false },
    // Read by the pre-render (scripts/prerender.ts: the modules a page starts with) and removed by it.
    manifest: true,
  },
  // `npm run dev` (scripts/dev.mjs): what the server answers goes to it, websockets included (/api/*/ws); /lang stays
  // with Vite (public/lang: the server reads it from a build, which dev mode may not have).
  server: {
    proxy: {
      [serverPaths]: { target: process.env.TESSERA_SERVER_URL ?? 'http://127.0.0.1:3000', ws: true },
    },
  },
});
