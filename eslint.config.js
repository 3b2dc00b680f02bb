import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryZones, layerZones, root, testFiles } from './scripts/eslint/zones.js';

// The source trees whose layout the lint checks (docs/code-style.md), and the fixtures that
// scripts/eslint/zones.test.mjs lints with `ignore: false` to prove the rules fire.
const SOURCE = ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}', 'scripts/eslint/fixtures/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/artifacts/**',
      'scripts/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Layers and feature boundaries (ARCHITECTURE.md, convention 1; zones in scripts/eslint/zones.js),
    // and no import cycles. Every import is resolved the way TypeScript resolves it.
    files: SOURCE,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaryZones, ...layerZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may assemble the layers above the code it tests (a platform test boots the app).
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }] },
  },
  {
    // Nothing imports a test file, so no cycle runs through one: skip the costly graph walk there.
    files: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // File and folder names kebab-case (ARCHITECTURE.md, convention 7); `x.test.ts` and
    // `vite.config.ts` count by their first part.
    files: [
      'apps/**/*.{ts,tsx,js,mjs}',
      'packages/**/*.{ts,tsx,js,mjs}',
      'e2e/**/*.{ts,js,mjs}',
      'bench/**/*.{ts,js,mjs}',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts'],
    rules: {
      // Env is read in config/env.ts only (ARCHITECTURE.md, convention 6).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Accessibility of the markup (recommended set of eslint-plugin-jsx-a11y).
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // A file is chosen as a person does: a click or tap on the button and the browser's file chooser
    // (e2e/tests/support/files.ts); setting an input's files passes while the button may be dead (issue 26).
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='setInputFiles']",
          message: 'Use chooseFiles() from support/files.ts: a real click and the file chooser.',
        },
      ],
    },
  },
  {
    // Functions handed to page.evaluate() run in the browser.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Route files build no schemas of their own: every request and response has a named schema
    // in packages/contracts, shared with the web app and documented at /api/docs (issue 9).
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/dev/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Request/response schemas live in packages/contracts.' }],
          patterns: [{ group: ['zod/*'], message: 'Request/response schemas live in packages/contracts.' }],
        },
      ],
    },
  },
  {
    // A screen calls the mutation hook of its feature's api/ (which owns the cache updates that
    // follow the write) and never builds a mutation itself (docs/code-style.md, issue 9).
    files: ['apps/web/src/features/*/components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Mutations are useX hooks in features/<x>/api (docs/code-style.md)',
            },
          ],
        },
      ],
    },
  },
);
