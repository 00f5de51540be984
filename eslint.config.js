// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.data/',
      'node_modules/',
      'playwright-report/',
      'test-results/',
      'audit-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_name` marks a value that is deliberately unused (destructuring it away, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every answer of a function carries the security headers: it is made by _shared/http.ts (answer, json, …), the
    // one place that adds them. A Response read at once (`new Response(body).formData()`) is no answer.
    files: ['netlify/functions/**/*.ts'],
    ignores: ['netlify/functions/_shared/http.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name="Response"]:not(MemberExpression > NewExpression.object)',
          message: 'Answer through _shared/http.ts (answer, json, seeOther, …): it adds the security headers.',
        },
        {
          selector: 'CallExpression[callee.object.name="Response"]',
          message: 'Answer through _shared/http.ts (answer, json, seeOther, …): it adds the security headers.',
        },
      ],
    },
  },
  ...astro.configs.recommended,
  {
    // Astro components and plain config files are checked without type information.
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Astro reads a component's `type Props` for `Astro.props` without the file referring to it.
    files: ['**/*.astro'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^(_|Props$)', argsIgnorePattern: '^_' }],
    },
  },
);
