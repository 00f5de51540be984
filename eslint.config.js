// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The modules of src/lib that need a browser (the DOM, storage, nanostores): never imported by functions. */
const BROWSER_ONLY = [
  'outbox',
  'outbox-key',
  'toast',
  'share',
  'share-popup',
  'copy-text',
  'stylesheet',
  'sponsorship-store',
  'images',
];

/** Every answer of a function is made by _shared/platform/http.ts, the one place that adds the security headers. */
const BARE_RESPONSES = [
  {
    selector: 'NewExpression[callee.name="Response"]:not(MemberExpression > NewExpression.object)',
    message: 'Answer through _shared/platform/http.ts (answer, json, seeOther, …): it adds the security headers.',
  },
  {
    selector: 'CallExpression[callee.object.name="Response"]',
    message: 'Answer through _shared/platform/http.ts (answer, json, seeOther, …): it adds the security headers.',
  },
];

const NO_ENDPOINT_SQL =
  'An endpoint file runs no SQL: put the statement in a function of its domain module under _shared/ and call that.';

/**
 * SQL in an endpoint file: a call of `query` (the pool's or a transaction's), a `sql` tag, or a string that reads as
 * a statement. A string is one when it opens with a statement's keyword in lowercase (as the code writes SQL, while
 * a sentence such as "Select a child" is capitalised), or holds a clause no sentence has, in any case.
 */
const ENDPOINT_SQL = [
  { selector: 'CallExpression[callee.property.name="query"]', message: NO_ENDPOINT_SQL },
  { selector: 'CallExpression[callee.name="query"]', message: NO_ENDPOINT_SQL },
  { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: NO_ENDPOINT_SQL },
  ...['Literal', 'TemplateElement'].flatMap((node) => {
    const text = node === 'Literal' ? 'value' : 'value.raw';
    return [
      String.raw`/^\s*(select|insert|update|delete)\s/`,
      String.raw`/\binsert\s+into\s+\w+\s*\(|\bupdate\s+\w+\s+set\s+\w+\s*=|\bdelete\s+from\s+\w+\s+where\b|\bfrom\s+\w+(\s+\w+)?\s+where\s+\S|(=|<>|\(|,)\s*\$\d+\b|::(text|int|bigint|jsonb?|date|timestamptz|float8)\b/i`,
    ].map((pattern) => ({ selector: `${node}[${text}=${pattern}]`, message: NO_ENDPOINT_SQL }));
  }),
];

/** What functions may import from src/: the code both sides share. */
const SERVER_IMPORTS_OF_SRC = [
  {
    regex: String.raw`(^|/)src/(?!(schemas|lib|content|i18n)/)|(^|/)src/i18n/(page|catalogue-check|island)\.ts$`,
    message:
      'Functions import from src/ only what both sides share: src/schemas, src/lib, src/content and the catalogues of src/i18n.',
  },
  {
    regex: String.raw`(^|/)src/lib/(${BROWSER_ONLY.join('|')})\.ts$`,
    message: 'This module needs a browser; functions cannot use it.',
  },
];

/** The blob store is reached through _shared/platform/blobs.ts only. */
const BLOB_STORE_OWNER = {
  regex: String.raw`^@netlify/blobs(/|$)`,
  message: 'Reach the blob store through _shared/platform/blobs.ts.',
};

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
    // Every answer of a function carries the security headers: it is made by _shared/platform/http.ts (answer, json, …), the
    // one place that adds them. A Response read at once (`new Response(body).formData()`) is no answer.
    files: ['netlify/functions/**/*.ts'],
    ignores: ['netlify/functions/_shared/platform/http.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...BARE_RESPONSES],
    },
  },
  {
    // Endpoint files stay thin: SQL lives in the domain modules of _shared/ (CONTRIBUTING.md). The rule is restated
    // whole, since a later block's options replace an earlier block's.
    files: ['netlify/functions/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...BARE_RESPONSES, ...ENDPOINT_SQL],
    },
  },
  // One-way boundaries: the browser, the functions and the build each reach the others only through the places named
  // here. tests/unit/boundaries.test.ts plants a crossing of each and expects the error.
  {
    // Functions take from src/ only the code both sides share: schemas, pure rules (src/lib, but for the modules that
    // need a browser), the shipped content files and the language catalogues (src/i18n, but for the pages' helpers).
    files: ['netlify/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...SERVER_IMPORTS_OF_SRC, BLOB_STORE_OWNER] }],
    },
  },
  {
    // The blob store has one owner, as the database has db.ts.
    files: ['netlify/functions/_shared/platform/blobs.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_IMPORTS_OF_SRC }] },
  },
  {
    // The pages, islands and dashboard never reach into the server's code; they call its endpoints.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/loaders/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)netlify/`,
              message: 'Browser and page code calls the functions over HTTP; it does not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build's content loaders read the database through the server side's public module only.
    files: ['src/loaders/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)netlify/(?!public-api\.ts$)`,
              message: 'Loaders reach the server side through netlify/public-api.ts only.',
            },
          ],
        },
      ],
    },
  },
  // The commands (scripts/) and the tests share their helpers through support/ (the local database, the stand-ins of
  // outside services, the browser and its page lists, the browser tests' run), which both import and which imports
  // neither; the tests run the commands as processes. A unit test of a script imports the script it tests.
  {
    files: ['scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)tests/`,
              message: 'Scripts never import the tests: what both use belongs in support/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/support/**/*.ts', 'tests/e2e/support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)scripts/`,
              message:
                "The tests' support imports support/ and the product, never scripts/: it runs a command as a process.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)(tests|scripts)/`,
              message: 'support/ is what scripts and tests share: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared code runs in functions too: no browser, no framework, no Astro.
    files: ['src/schemas/**/*.ts', 'src/lib/**/*.ts', 'src/i18n/**/*.ts'],
    ignores: [
      ...BROWSER_ONLY.map((name) => `src/lib/${name}.ts`),
      // The pages' and islands' helpers, and the build's check of the catalogues.
      'src/i18n/page.ts',
      'src/i18n/island.ts',
      'src/i18n/catalogue-check.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map((name) => ({
          name,
          message: 'Shared code runs in functions too; browser-only code belongs in src/islands or src/scripts.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(react|react-dom|nanostores|@nanostores/.*|astro:.*)$|(^|/)(islands|admin|components|pages|netlify)/`,
              message: 'Shared code imports only other shared code and plain libraries.',
            },
          ],
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
