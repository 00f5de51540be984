/**
 * The one-way boundaries of the code (eslint.config.js, CONTRIBUTING.md): a planted crossing of each is a lint error,
 * and the same import from the side allowed to make it is not. Endpoint files hold no SQL: a planted statement is a
 * lint error there and not in a domain module, and no endpoint file holds one now.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

/** The lint findings of SQL in an endpoint file for `code` as if it were the file at `filePath`. */
async function sqlFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('runs no SQL'))
    .map((message) => `${message.line}: ${code.split('\n')[message.line - 1]?.trim() ?? ''}`);
}

/** Planted SQL, each the way an endpoint could hold it. */
const PLANTED_SQL = {
  'a pool query': "import { query } from './_shared/platform/db.ts';\nexport const read = () => query('select 1');\n",
  "a transaction's query":
    "import type { Queryable } from './_shared/platform/db.ts';\nexport const lock = (tx: Queryable) => tx.query(SQL);\n",
  'a statement kept for later': 'export const SELECT = `select settings, ts from site_settings where id = 1`;\n',
  'a statement around a value':
    'const columns = "name";\nexport const text = `update children set ${columns} = $2, file_copy = false where id = $1`;\n',
  'a statement in capitals': "export const text = 'SELECT * FROM gifts WHERE id = 1';\n",
  'a sql tag': 'declare const sql: (parts: TemplateStringsArray) => string;\nexport const text = sql`anything`;\n',
  'a clause alone': "export const text = 'delete from uploads where id = 7';\n",
};

describe('boundaries', () => {
  it.each(Object.entries(PLANTED_SQL))(
    '%s is refused in an endpoint file and allowed in a domain module',
    async (_, code) => {
      expect(await sqlFindings('netlify/functions/planted.ts', code)).not.toEqual([]);
      expect(await sqlFindings('netlify/functions/_shared/gifts/planted.ts', code)).toEqual([]);
    },
  );

  it('words staff or visitors read are not taken for SQL', async () => {
    const words = [
      "export const a = 'Select a child from the list';",
      "export const b = 'Update your details, then press Save';",
      'export const c = `Delete from ${"Media"} only what no page shows`;',
      "export const d = 'This gift has been paid already. Thank you!';",
    ].join('\n');
    expect(await sqlFindings('netlify/functions/planted.ts', words)).toEqual([]);
  });

  it('no endpoint file holds SQL', async () => {
    const endpoints = readdirSync('netlify/functions').filter((name) => name.endsWith('.ts'));
    expect(endpoints.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const name of endpoints) {
      const path = `netlify/functions/${name}`;
      for (const line of await sqlFindings(path, readFileSync(path, 'utf8'))) found.push(`${path}:${line}`);
    }
    expect(found).toEqual([]);
  });

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

  it('a script cannot import the tests, but can import support/', async () => {
    const planted = "import { startPaystack } from '../../tests/support/admin.ts';\nexport { startPaystack };\n";
    expect(await crossings('scripts/lib/planted.ts', planted)).toEqual([
      expect.stringContaining('Scripts never import the tests'),
    ]);
    const shared = "import { startPaystack } from '../../support/stand-ins/paystack.ts';\nexport { startPaystack };\n";
    expect(await crossings('scripts/lib/planted.ts', shared)).toEqual([]);
  });

  it("the tests' support cannot import a script, but a unit test can import the script it tests", async () => {
    const planted = "import { startSite } from '../../../scripts/serve.ts';\nexport { startSite };\n";
    expect(await crossings('tests/e2e/support/planted.ts', planted)).toEqual([
      expect.stringContaining("The tests' support imports support/ and the product, never scripts/"),
    ]);
    const runtime = "import { prepareRuntime } from '../../scripts/lib/runtime.ts';\nexport { prepareRuntime };\n";
    expect(await crossings('tests/support/planted.ts', runtime)).toEqual([
      expect.stringContaining("The tests' support imports support/ and the product, never scripts/"),
    ]);
    const tested = "import { startSite } from '../../scripts/serve.ts';\nexport { startSite };\n";
    expect(await crossings('tests/unit/planted.test.ts', tested)).toEqual([]);
  });

  it('support/ imports neither the tests nor the scripts', async () => {
    const fromTests = "import { giftOf } from '../../tests/e2e/support/checkout.ts';\nexport { giftOf };\n";
    expect(await crossings('support/browser/planted.ts', fromTests)).toEqual([
      expect.stringContaining('support/ is what scripts and tests share'),
    ]);
    const fromScripts = "import { startSite } from '../../scripts/serve.ts';\nexport { startSite };\n";
    expect(await crossings('support/e2e/planted.ts', fromScripts)).toEqual([
      expect.stringContaining('support/ is what scripts and tests share'),
    ]);
    const product = "import { query } from '../../netlify/functions/_shared/platform/db.ts';\nexport { query };\n";
    expect(await crossings('support/database/planted.ts', product)).toEqual([]);
  });
});
