import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The unit test files that run against the databases: those that import tests/support/databases.ts. */
const databaseFiles = readdirSync('tests/unit')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/unit/${file}`)
  .filter((path) => readFileSync(path, 'utf8').includes('/support/databases.ts'));

/** A project's own database (a root globalSetup would run once, not per project), its files one at a time. */
const ownDatabase = { globalSetup: ['tests/support/global-setup.ts'], fileParallelism: false };

export default defineConfig({
  test: {
    // Two projects, each with its own database (tests/support/global-setup.ts): the embedded one runs every unit and
    // handler test (Playwright owns tests/e2e), the PostgreSQL one the files that use a database, so a handler test
    // runs once on each. Files share their project's database and truncate what they use, so each project runs them
    // one at a time; `vitest run` runs the projects one after the other, `npm test` runs them as two processes side by
    // side (`--project embedded`, `--project postgres`).
    projects: [
      { extends: true, test: { name: 'embedded', include: ['tests/unit/**/*.test.ts'], ...ownDatabase } },
      { extends: true, test: { name: 'postgres', include: databaseFiles, ...ownDatabase } },
    ],
    // One module graph for all files (they share no state but the databases): ~25 s less than a fresh one per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `npm run test:unit -- --coverage`: statements and branches per folder and file (a report, not a gate) of the
    // code unit tests are for; components (.tsx, .astro) and the command-line entry scripts are the browser tests' part.
    coverage: {
      provider: 'v8',
      include: [
        'src/**/*.ts',
        'netlify/**/*.ts',
        'scripts/lib/**/*.ts',
        'scripts/data/**/*.ts',
        'scripts/art/**/*.ts',
        'support/database/**/*.ts',
      ],
      reporter: ['text'],
      reportsDirectory: '.data/coverage',
      // A report, not a gate: print it even when a test failed.
      reportOnFailure: true,
    },
  },
});
