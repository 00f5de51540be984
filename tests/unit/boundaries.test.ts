/**
 * The one-way boundaries of the code (eslint.config.js, CONTRIBUTING.md): a planted crossing of each is a lint error,
 * and the same import from the side allowed to make it is not.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The planted files exist only in memory, so the rules that need type information are left out.
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The messages of the boundary rules for `code` as if it were the file at `filePath`. */
async function crossings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-globals')
    .map((message) => message.message);
}

describe('boundaries', () => {
  it('a function cannot import an island, a page component or a loader', async () => {
    const planted = "import Form from '../../src/islands/donate/DonationForm.tsx';\nexport { Form };\n";
    expect(await crossings('netlify/functions/planted.ts', planted)).toEqual([
      expect.stringContaining('Functions import from src/ only what both sides share'),
    ]);
    const shared = "import { formatMoney } from '../../src/lib/money.ts';\nexport { formatMoney };\n";
    expect(await crossings('netlify/functions/planted.ts', shared)).toEqual([]);
  });

  it('a function cannot import a src/lib module that needs a browser', async () => {
    const planted = "import { showToast } from '../../../src/lib/toast.ts';\nexport { showToast };\n";
    expect(await crossings('netlify/functions/_shared/planted.ts', planted)).toEqual([
      expect.stringContaining('needs a browser'),
    ]);
  });

  it('only the platform blob module imports the blob store client', async () => {
    const planted = "import { getStore } from '@netlify/blobs';\nexport { getStore };\n";
    expect(await crossings('netlify/functions/_shared/content/planted.ts', planted)).toEqual([
      expect.stringContaining('_shared/platform/blobs.ts'),
    ]);
    expect(await crossings('netlify/functions/_shared/platform/blobs.ts', planted)).toEqual([]);
  });

  it('an island, a page or the dashboard cannot import server code', async () => {
    const planted = "import { query } from '../../netlify/functions/_shared/platform/db.ts';\nexport { query };\n";
    expect(await crossings('src/admin/Planted.tsx', planted)).toEqual([
      expect.stringContaining('calls the functions over HTTP'),
    ]);
  });

  it('a content loader reaches the server side through its public module only', async () => {
    const planted = "import { query } from '../../netlify/functions/_shared/platform/db.ts';\nexport { query };\n";
    expect(await crossings('src/loaders/planted.ts', planted)).toEqual([
      expect.stringContaining('netlify/public-api.ts only'),
    ]);
    const allowed = "import { transaction } from '../../netlify/public-api.ts';\nexport { transaction };\n";
    expect(await crossings('src/loaders/planted.ts', allowed)).toEqual([]);
  });

  it('shared code uses no browser, framework or Astro', async () => {
    expect(await crossings('src/lib/planted.ts', 'export const width = () => window.innerWidth;\n')).toEqual([
      expect.stringContaining('Shared code runs in functions too'),
    ]);
    const planted = "import { atom } from 'nanostores';\nexport const open = atom(false);\n";
    expect(await crossings('src/schemas/planted.ts', planted)).toEqual([
      expect.stringContaining('Shared code imports only other shared code'),
    ]);
  });
});
