import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

// The staff console, served by the one-process server under /console/ (docs/adr/0015-staff-console.md). Routes
// are files in src/routes (TanStack Router, as apps/web); the generated route tree is committed, as apps/web's.
export default defineConfig({
  base: '/console/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
  ],
  resolve: { alias: { '#': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false } },
  server: { proxy: { '^/(api|identity|config\\.json|dev)(/|\\?|$)': 'http://127.0.0.1:3000' } },
});
