// `npm run lint` runs this with --max-warnings 0, after `prettier --check` and `knip`.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // ESLint does not read .gitignore: these are its build and test output.
    ignores: [
      'dist/',
      'data/',
      'data-large/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'web/routeTree.gen.ts',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // One order everywhere (packages, then #aliases, then relative), kept by --fix; one import per module, except that
      // a type-only import may stand beside a value import of the same module.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // tsc's convention (noUnusedParameters): a leading underscore marks a binding kept on purpose, such as a field
      // dropped from a copy beside a rest element or a parameter the callback's signature requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // The files of tsconfig.json ("include"), typed by one program that the project service builds. web/sw.ts has a
    // tsconfig of its own (web/tsconfig.sw.json) and is 26 lines: it gets the untyped rules only.
    files: ['{schema,api,sync,web,e2e}/**/*.{ts,tsx}', '*.ts'],
    ignores: ['web/sw.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits or handles loses its failure (an unhandled rejection instead of a message).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Not JSX event handlers: React drops what a handler returns, and the screens' async handlers catch their own
      // failures (useWriter in web/lib/write.ts turns each one into a toast).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // It only says that React Compiler would skip a component calling react-hook-form's watch(); the app does not
      // run the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['web/**/*.tsx', 'bench/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // Components take a person's role as a `role` prop (<StatsRow role="director" />); ARIA roles are on DOM ones.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // One write path from the screen: a feature queues a change through a hook of web/lib/writes/ (built on useQueue
    // in web/lib/write.ts), which toasts it, sends it at once and toasts a refusal. engine.mutate called from a
    // feature skips all three. Tests may still use the engine to set up data.
    files: ['web/features/**/*.{ts,tsx}'],
    ignores: ['web/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='mutate'][object.name='engine']",
          message: 'Queue changes through a hook of web/lib/writes/ (toast, immediate sync, refusal toast).',
        },
        {
          selector: "MemberExpression[property.name='mutate'][object.property.name='engine']",
          message: 'Queue changes through a hook of web/lib/writes/ (toast, immediate sync, refusal toast).',
        },
      ],
    },
  },
);
