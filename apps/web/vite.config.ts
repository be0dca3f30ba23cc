import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

// The web app: public site, help centre, sign-in and the customer dashboard.
// Dashboard areas are split per route (autoCodeSplitting) so the public home page stays small.
export default defineConfig({
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
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: { '^/(api|identity|oauth2|lang|config.json|healthz|v1)': 'http://localhost:3000' } },
});
