// Flat config: ESLint recommended + typescript-eslint recommended, the React hooks rules, and the
// type-checked promise rules on application and package sources.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TIMERS = ['setTimeout', 'setInterval', 'setImmediate'];
const TIMER_MESSAGE = 'Use safeTimeout or safeInterval from platform/timers.ts (or node:timers/promises), which report what the task throws.';

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Server code schedules work through platform/timers.ts, which reports whatever a task throws
    // or rejects: a bare timer callback that throws ends the process.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/platform/timers.ts'],
    rules: {
      'no-restricted-globals': ['error', ...TIMERS.map((name) => ({ name, message: TIMER_MESSAGE }))],
      'no-restricted-properties': ['error', ...['globalThis', 'global'].flatMap((object) => TIMERS.map((property) => ({ object, property, message: TIMER_MESSAGE })))],
      'no-restricted-imports': ['error', { paths: ['node:timers', 'timers'].map((name) => ({ name, message: TIMER_MESSAGE })) }],
    },
  },
  {
    // Everything outside the browser app runs in Node.
    ignores: ['apps/web/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The browser app: browser globals only.
    files: ['apps/web/**/*.{js,jsx,ts,tsx,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A promise nobody awaits loses its error. Type information is needed, so only the sources the
    // TypeScript projects include are checked. Handlers given to JSX attributes may return a promise
    // (react-hook-form's handleSubmit does, and reports its own errors).
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/api/test/**/*.ts', 'packages/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Its build configuration runs in Node.
    files: ['apps/web/*.config.{js,ts,mjs,cjs}', 'apps/web/postcss.config.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Routes declare no request field of their own: params, queries and bodies are built from
    // @app/contracts (text(), uuidSchema, coercedInteger(), isoDateSchema, listOf()...), whose
    // rules refuse what the database cannot store and which fields.test.ts checks.
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name=/^(string|number|coerce|bigint|int|int32|uuid|email|iso|date|unknown|any|record)$/]",
          message: 'Build request fields from the @app/contracts field rules (text(), uuidSchema, coercedInteger(), isoDateSchema...), not raw zod.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Command-line tools print to the console by design.
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
