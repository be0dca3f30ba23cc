// Lint rules, including the import boundaries of ARCHITECTURE.md:
// apps never import services; services never import each other's internals; features never import features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import boundaries from './tools/eslint-boundaries.js';

const restrict = (patterns) => ['error', { patterns }];
const focusedTests = {
  selector: "CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name='only']",
  message: 'Focused tests skip the rest of the suite.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/web/src/route-tree.gen.ts',
      'apps/console/src/route-tree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', focusedTests],
    },
  },
  {
    // One composition root (docs/adr/0012): a Fastify instance is made by the server (server/src/app.ts) or the
    // platform (buildServiceApp, and the platform's own tests of single plugins), never by a service, an app, a
    // benchmark or a journey, so everything runs the app production runs.
    files: [
      'services/**/*.ts',
      'apps/**/*.{ts,tsx}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'packages/*/src/**/*.ts',
    ],
    ignores: ['packages/platform/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        focusedTests,
        {
          selector: "CallExpression[callee.name='Fastify']",
          message:
            'Build apps with buildServiceApp or buildServiceTestApp (@tessera/platform), not Fastify().',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'services/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-area-imports': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Visible text comes from translations, never from literals in components.
    files: ['apps/*/src/**/*.tsx', 'packages/ui/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-text-only', 'jsx-attributes': { include: ['^(aria-label|title|alt|placeholder)$'] } },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@tessera/platform', '@tessera/server', '@tessera/service-*'],
          message: 'Apps never import services.',
        },
        { group: ['**/services/**', '**/server/**'], message: 'Apps never import services.' },
      ]),
    },
  },
  {
    // A feature may not reach into another feature; routes compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@tessera/platform', '@tessera/server', '@tessera/service-*'],
          message: 'Apps never import services.',
        },
        { group: ['**/features/*/**', '#/features/**'], message: 'Features never import other features.' },
      ]),
    },
  },
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/services/**', '@tessera/service-*/**'],
          message: "Services never import each other's internals.",
        },
        {
          group: ['@tessera/server', '**/server/**', '@tessera/ui', '**/apps/**'],
          message: 'Services sit below the server.',
        },
      ]),
    },
  },
  {
    files: ['packages/money/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@tessera/*', 'node:*', 'react'], message: 'money is pure: no I/O, no other package.' },
      ]),
    },
  },
  {
    files: ['packages/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@tessera/service-*', '@tessera/server', '@tessera/ui', '**/services/**'],
          message: 'platform sits below services.',
        },
      ]),
    },
  },
);
