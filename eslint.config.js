// Flat config for the whole monorepo. Pragmatic on purpose: correctness rules as errors,
// style is left to the code review. Type-aware rules are off (they would triple lint time on CI).
// CommonJS because the root package.json has no "type": "module" (ESM here makes Node re-parse
// the file and print MODULE_TYPELESS_PACKAGE_JSON on every run).
const { defineConfig } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

module.exports = defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      '**/coverage/**',
      'test-results/**',
      '.bench/**',
      'e2e/screenshots/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      // `_`-prefixed names mark intentionally unused parameters / destructured leftovers.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Allowed in type positions for `{}`-like props and declaration merging; tsc checks the rest.
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `require` in ESM is a mistake, but `import()` type annotations are fine.
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: 'The web app has its own router: lib/router (docs/decisions/0026-own-router.md).' }] },
      ],
    },
  },
  {
    // the operator console (docs/decisions/0018): a browser app like the portal
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // SQL only in repositories (docs/decisions/0008): a module's queries live in its repo.ts or
    // <name>Repo.ts, so one file shows what a module reads and writes.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/repo.ts', 'apps/server/src/modules/**/*Repo.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: "SQL only in repositories: move this query into the module's repo.ts (or <name>Repo.ts).",
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"], CallExpression[callee.object.name="sql"]',
          message: "SQL only in repositories: move this query into the module's repo.ts (or <name>Repo.ts).",
        },
      ],
    },
  },
  {
    // Code that runs in the page (Playwright's page.evaluate) and in Node.
    files: ['e2e/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.cjs', 'eslint.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
