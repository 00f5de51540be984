import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and handler tests only; Playwright owns tests/e2e.
    include: ['tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Files share the two test databases and truncate what they use, so they run one at a time.
    fileParallelism: false,
    // One module graph for all files (they share no state but the databases): ~25 s less than a fresh one per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `npm run test:unit -- --coverage`: statements and branches per folder and file (a report, not a gate) of the
    // code unit tests are for; components (.tsx, .astro) and the command-line entry scripts are the browser tests' part.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'netlify/**/*.ts', 'scripts/lib/**/*.ts', 'scripts/art/**/*.ts'],
      reporter: ['text'],
      reportsDirectory: '.data/coverage',
      // A report, not a gate: print it even when a test failed.
      reportOnFailure: true,
    },
  },
});
