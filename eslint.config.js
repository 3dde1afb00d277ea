// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import webFolders from './web/lint/feature-boundaries.js';
import serviceFolders, { featureEdgesOf } from './services/lint/service-layers.js';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', 'test-artifacts/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },

  {
    files: ['web/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'web-folders': webFolders },
    rules: { 'web-folders/feature-boundaries': ['error', { sourceRoot: 'web/src' }] },
  },

  {
    files: ['services/src/**/*.{ts,mts,mjs}'],
    plugins: { 'service-folders': serviceFolders },
    rules: {
      // The feature edges are the ones docs/architecture.md#dependency-rules lists.
      'service-folders/service-layers': [
        'error',
        { sourceRoot: 'services/src', edges: featureEdgesOf(readFileSync(new URL('./docs/architecture.md', import.meta.url), 'utf8')) },
      ],
    },
  },
  {
    files: ['services/src/**/*.ts'],
    // Tests register bare routes to show what the server refuses.
    ignores: ['services/src/**/*.test.ts'],
    rules: {
      // Routes are declared in access groups (docs/architecture.md#who-may-call-a-route); only a websocket declares its own.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/] > ObjectExpression:not(:has(Property[key.name='websocket'])) > Property[key.name='config']",
          message: 'Declare the route in an access group: routesFor(app, access) or publicRoutes(app) (http/declared-routes.ts).',
        },
      ],
    },
  },
]);
