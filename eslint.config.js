import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const ONLY_REPOSITORIES_QUERY = { name: 'kysely', message: 'Only *.repository.ts files and db/ query the database.', allowTypeImports: true };
const NO_PLUGINS_IN_MODULES = {
  group: ['../plugins/*', '../../plugins/*', '../../../plugins/*'],
  message: 'Modules do not import the HTTP layer (plugins/); shared types live in lib/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'test-reports/**', 'playwright-report/**', 'bench-results/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import direction (bulletproof-react): shared code → features → app. Cross-directory imports
  // use the `@/` alias, so these patterns see them. Features do not reach into each other, except
  // the session from `auth` that every screen needs.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'shared code must not import features or app' }] }],
    },
  },
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*'], message: 'features must not import from app' },
            {
              // Another feature's query factory (api/*-queries.ts) is the one way in: its keys are how
              // a write here refreshes what that feature shows (an order moves a product's stock).
              regex: `^@/features/(?!${f}/|auth/)(?![\\w-]+/api/[\\w-]+-queries$)`,
              message: 'features must not import other features (compose them in app/routes); only their api/*-queries.ts factories',
            },
            {
              group: [...new Set(['../../*/**', `!../../${f}/**`, '!../../auth/**'])],
              message: 'features must not import other features (compose them in app/routes)',
            },
          ],
        },
      ],
    },
  })),
  {
    // Components and pages talk to the API through feature api/ files only.
    files: ['apps/web/src/**/components/**/*.tsx', 'apps/web/src/app/**/*.tsx'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Use a feature api/ function (lib/api-client) instead of fetch.' }] },
  },
  {
    // Only repositories (and the db layer: migrations, seed, group commit) touch the database, and
    // each module's repositories only its own tables (src/db/table-owners.ts, checked by
    // test/platform/table-ownership.test.ts). Everything else gets services (src/services.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ONLY_REPOSITORIES_QUERY] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|updateTable|insertInto|replaceInto|deleteFrom|mergeInto)$/]',
          message: "Only *.repository.ts files and db/ build queries; ask the owning module's service.",
        },
      ],
    },
  },
  {
    // Modules are below the HTTP layer: nothing in modules/ imports from plugins/ (issue 29). The
    // session user type is lib/session-user.ts; the flat config's last match wins, so the database
    // rule above is repeated here for the modules' non-repository files.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ONLY_REPOSITORIES_QUERY], patterns: [NO_PLUGINS_IN_MODULES] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_PLUGINS_IN_MODULES] }] },
  },
);
