import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and handler tests only; Playwright owns tests/e2e.
    include: ['tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Files share the two test databases and truncate what they use, so they run one at a time.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
