import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The staff console, served by the one-process server under /console/.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
