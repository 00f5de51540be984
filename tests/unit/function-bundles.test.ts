/**
 * Lean function bundles: every function, bundled by Netlify's own bundler with netlify.toml's settings, stays under
 * the budget, and the public ones carry no staff-only code.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  BUNDLE_BUDGET_KIB,
  budgetOf,
  bundleFunctions,
  bundleProblems,
  PUBLIC_FUNCTIONS,
  type Bundle,
} from '../../scripts/deploy/function-bundles.ts';

describe('function bundles', () => {
  let bundles: Bundle[];
  beforeAll(async () => {
    bundles = await bundleFunctions(process.cwd());
  }, 120_000);

  test('each bundle stays under the budget and holds only what it may', () => {
    expect(bundles.length).toBeGreaterThan(20);
    expect(bundleProblems(bundles)).toEqual([]);
    for (const bundle of bundles) expect(bundle.size / 1024).toBeLessThanOrEqual(budgetOf(bundle.name));
  });

  test('no bundle ships zod twice (its CommonJS copy) and public functions ship no sign-in code', () => {
    for (const bundle of bundles)
      expect(bundle.files.filter((file) => file.endsWith('.cjs') && file.includes('zod'))).toEqual([]);
    for (const name of PUBLIC_FUNCTIONS) {
      const files = bundles.find((bundle) => bundle.name === name)?.files ?? [];
      expect(files).not.toContain('netlify/functions/_shared/platform/admin-resource.ts');
      expect(files.filter((file) => file.includes('node_modules/jose/'))).toEqual([]);
    }
  });

  test('the problems name an oversized bundle and a public function with staff code', () => {
    const fat: Bundle = {
      name: 'track',
      size: (BUNDLE_BUDGET_KIB + 1) * 1024,
      files: ['node_modules/jose/dist/index.js'],
      eventSubscriptions: [],
      routes: [],
    };
    expect(bundleProblems([fat])).toEqual([
      `track: ${BUNDLE_BUDGET_KIB + 1} KiB zipped, over the ${BUNDLE_BUDGET_KIB} KiB budget`,
      'track: bundles 1 file(s) it must not, e.g. node_modules/jose/dist/index.js',
    ]);
  });
});
