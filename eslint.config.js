// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Conventions §3: a feature never imports another feature; shared code moves down.
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message:
    'A feature never imports another feature: move shared code into ui/, shell/, devices/, lib/ or a package.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without it import-x cannot resolve .ts/.tsx files and the boundary zones never fire.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            // The web's layers (docs/ARCHITECTURE.md): the UI kit under the shell (the app's
            // chrome), the shell under the features and the app.
            {
              target: './apps/web/src/ui',
              from: ['./apps/web/src/shell', './apps/web/src/features', './apps/web/src/app'],
              message: 'The UI kit imports nothing of the shell, the features or the app.',
            },
            {
              target: './apps/web/src/shell',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'The shell imports nothing of the features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Conventions §2: the domain package is pure: no I/O, no React, no timers, no globals.
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os'],
              message: 'packages/domain does no I/O.',
            },
            {
              group: [
                'react',
                'react-*',
                'pg',
                '@electric-sql/*',
                'drizzle-orm*',
                'fastify*',
                '@fastify/*',
              ],
              message: 'packages/domain does no I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'setTimeout',
        'setInterval',
        'XMLHttpRequest',
        'WebSocket',
        'process',
      ],
    },
  },
);
