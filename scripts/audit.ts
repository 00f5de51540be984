/**
 * `npm run audit`: builds and serves the site the way `npm start` does, then prints one row per public page:
 * bytes transferred (total, first load without images, JS, CSS, images, fonts), request count, Lighthouse mobile
 * scores with LCP, CLS and TBT, axe violations, and whether any dashboard code was loaded; then each Kiswahili page
 * beside its English page (first load, JavaScript, scores: a /sw/ page must cost no more); then one row per public
 * form with axe's violations in each state a visitor meets (empty, errors, not sent, sent). With
 * `--baseline <audit.json>` (an earlier run's file) it adds each page's growth of its first load. A second table
 * gives each page's JavaScript as a visitor's browser fetches it (gzipped): once the page has loaded and the network
 * is idle, without any interaction, and in all after scrolling to its end; and which frameworks (React, Leaflet) were
 * among it. Islands wake on a visitor's first touch, so a page other than home must stay within 5 KB of JavaScript
 * untouched, scrolled or not: `budget` flags one over it, and the run then ends with exit code 1. `--js-only` prints
 * that table alone, without Lighthouse and axe. Otherwise it reports numbers; it never fails on them.
 *
 *   node scripts/audit.ts [--no-build] [--js-only] [--baseline file] [/path ...]   (Lighthouse runs Debian's Chromium)
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from '@playwright/test';
import { translate } from '../src/i18n/catalogue.ts';
import { chromiumArgs, chromiumPath } from '../support/browser/chromium.ts';
import { CASES, openHydratedForm } from '../support/browser/form-cases.ts';
import { gzipTotal, scrollThrough, watchScripts } from '../support/browser/page-scripts.ts';
import { KISWAHILI_PAGES, PUBLIC_PAGES } from '../support/browser/pages.ts';
import { startSite } from './serve.ts';

/** The line a form shows while its submission waits for the connection. */
const NOT_SENT = translate('en', 'form.notSent');

/** Every public page of the route table, one story, and the 404 page (at its own path: Lighthouse skips 4xx answers). */
const DEFAULT_PATHS = [...PUBLIC_PAGES, ...KISWAHILI_PAGES, '/blog/first-day-at-kibera-hope', '/404', '/sw/404'];

/** Gzipped JavaScript a page other than home may fetch, loaded and scrolled, before a visitor touches an island. */
const UNTOUCHED_BUDGET_KB = 5;

/** The home pages: their carousel moves by itself, so it hydrates untouched. */
const HOME = new Set(['/', '/sw', '/sw/']);

/** Files of the staff dashboard island; a public page must never load them. */
const DASHBOARD_CODE = /\/_astro\/(Dashboard|admin)[^/]*\.js/i;

type Row = {
  page: string;
  totalKB: number;
  /** Everything but images (HTML, JS, CSS, fonts): what a page costs before any picture. */
  firstLoadKB: number;
  /** Growth of firstLoadKB since the baseline run, in bytes. */
  grewBytes?: number;
  jsKB: number;
  cssKB: number;
  imageKB: number;
  fontKB: number;
  requests: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  axe: number;
  dashboardCode: 'none' | 'LOADED';
};

type ScriptRow = {
  page: string;
  /** Gzipped JavaScript fetched once the page has loaded and the network is idle, without interaction. */
  jsIdleKB: number;
  /** Gzipped JavaScript fetched in all once the page has been scrolled to its end. */
  jsScrolledKB: number;
  /** The frameworks among what was fetched after the scroll. */
  frameworks: string;
  /** `OVER` when a page other than home fetched more than {@link UNTOUCHED_BUDGET_KB} before any touch. */
  budget: 'ok' | 'OVER' | 'home';
};

type NetworkItem = { url: string; transferSize?: number; resourceType?: string };

type FormRow = { form: string; empty: number; errors: number; notSent: number; sent: number };

const args = process.argv.slice(2);
const baselineAt = args.indexOf('--baseline');
const baselineFile = baselineAt >= 0 ? args[baselineAt + 1] : undefined;
const jsOnly = args.includes('--js-only');
const paths = args.filter((arg, index) => arg.startsWith('/') && !(baselineAt >= 0 && index === baselineAt + 1));
const baseline = baselineFile ? (JSON.parse(await readFile(baselineFile, 'utf8')) as Row[]) : [];
const port = 8890 + Math.floor(Math.random() * 90);
const dataDir = await mkdtemp(join(tmpdir(), 'watoto-audit-'));
const site = await startSite({ port, build: !args.includes('--no-build'), dataDir });
const rows: Row[] = [];
const scriptRows: ScriptRow[] = [];
let forms: FormRow[] = [];

const chrome = jsOnly
  ? undefined
  : await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const path of paths.length > 0 ? paths : DEFAULT_PATHS) {
    const url = `${site.url}${path}`;
    const scripts = await scriptBytes(browser, url);
    const untouched = Math.max(scripts.jsIdleKB, scripts.jsScrolledKB);
    const budget = HOME.has(path) ? 'home' : untouched > UNTOUCHED_BUDGET_KB ? 'OVER' : 'ok';
    scriptRows.push({ page: path, ...scripts, budget });
    if (!chrome) continue;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableFullPageScreenshot: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const sum = (keep: (item: NetworkItem) => boolean) =>
      items.filter(keep).reduce((total, item) => total + (item.transferSize ?? 0), 0);
    const bytes = (type?: string) => kb(sum((item) => !type || item.resourceType === type));
    const firstLoad = sum((item) => item.resourceType !== 'Image');
    const before = baseline.find((row) => row.page === path);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

    // Reduced motion shows every section at once, so axe measures colours as they end up, not mid-fade.
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    await context.close();

    rows.push({
      page: path,
      totalKB: bytes(),
      firstLoadKB: kb(firstLoad),
      ...(before ? { grewBytes: Math.round(firstLoad - before.firstLoadKB * 1024) } : {}),
      jsKB: bytes('Script'),
      cssKB: bytes('Stylesheet'),
      imageKB: bytes('Image'),
      fontKB: bytes('Font'),
      requests: items.length,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      tbtMs: Math.round(metric('total-blocking-time')),
      axe: axe.violations.length,
      dashboardCode: items.some((item) => DASHBOARD_CODE.test(item.url)) ? 'LOADED' : 'none',
    });
    const failing = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    );
    for (const audit of failing) console.error(`  ${path}: ${audit.id} — ${audit.title}`);
    for (const violation of axe.violations) console.error(`  ${path}: axe ${violation.id} (${violation.nodes.length})`);
  }
  if (paths.length === 0 && !jsOnly) forms = await formStates(browser, site.url);
} finally {
  await browser.close();
  chrome?.kill();
  await site.close();
  await rm(dataDir, { recursive: true, force: true });
}

if (rows.length > 0) printTable(rows);
if (rows.length > 0) printTable(languagePairs(rows));
printTable(scriptRows);
const over = scriptRows.filter((row) => row.budget === 'OVER');
if (over.length > 0) {
  console.error(
    `\nOver ${UNTOUCHED_BUDGET_KB} KB of JavaScript before any touch: ${over.map((row) => row.page).join(', ')}`,
  );
  process.exitCode = 1;
}
if (forms.length > 0) printTable(forms);
await mkdir('audit-report', { recursive: true });
if (!jsOnly) {
  await writeFile(join('audit-report', 'audit.json'), `${JSON.stringify(rows, null, 2)}\n`);
  await writeFile(join('audit-report', 'forms.json'), `${JSON.stringify(forms, null, 2)}\n`);
}
await writeFile(join('audit-report', 'scripts.json'), `${JSON.stringify(scriptRows, null, 2)}\n`);
console.log(`\nWritten to audit-report/${jsOnly ? 'scripts.json' : 'audit.json, forms.json and scripts.json'}`);

/**
 * Each Kiswahili page beside its English page: a /sw/ page must load no more code (JavaScript, CSS, fonts, pictures)
 * and score as well as the English one; `moreCode` marks one that does not, and `htmlKB` is how much its words add.
 */
function languagePairs(table: Row[]) {
  const CODE_COLUMNS = ['jsKB', 'cssKB', 'fontKB', 'imageKB'] as const;
  const html = (row: Row) => row.firstLoadKB - row.jsKB - row.cssKB - row.fontKB;
  const signed = (kb: number) => `${kb >= 0 ? '+' : ''}${kb.toFixed(1)}`;
  const byPage = new Map(table.map((row) => [row.page, row]));
  return table
    .filter((row) => row.page.startsWith('/sw'))
    .flatMap((sw) => {
      const en = byPage.get(sw.page.replace(/^\/sw/, '') || '/');
      if (!en) return [];
      return [
        {
          page: sw.page,
          firstLoadKB: `${en.firstLoadKB} → ${sw.firstLoadKB}`,
          jsKB: `${en.jsKB} → ${sw.jsKB}`,
          performance: `${en.performance} → ${sw.performance}`,
          accessibility: `${en.accessibility} → ${sw.accessibility}`,
          axe: `${en.axe} → ${sw.axe}`,
          // The HTML's own bytes: the words, longer in Kiswahili than in English.
          htmlKB: signed(html(sw) - html(en)),
          moreCode: CODE_COLUMNS.some((column) => sw[column] > en[column]) ? 'YES' : 'no',
        },
      ];
    });
}

function kb(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

/** The page's JavaScript (gzipped) after load and network idle, and after a scroll to its end; its frameworks. */
async function scriptBytes(browser: Browser, url: string): Promise<Omit<ScriptRow, 'page' | 'budget'>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = watchScripts(page);
  await page.goto(url, { waitUntil: 'load' });
  await scripts.quiet();
  const idle = await scripts.files();
  await scrollThrough(page);
  await scripts.quiet();
  const scrolled = await scripts.files();
  await context.close();
  const frameworks = new Set(scrolled.flatMap((file) => (file.framework ? [file.framework] : [])));
  return {
    jsIdleKB: kb(gzipTotal(idle)),
    jsScrolledKB: kb(gzipTotal(scrolled)),
    frameworks: [...frameworks].join(' + ') || 'none',
  };
}

/** axe's violations for each public form: empty, with errors, not sent (offline), and sent. */
async function formStates(browser: Browser, baseURL: string): Promise<FormRow[]> {
  const result: FormRow[] = [];
  for (const form of CASES) {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const scope = await openHydratedForm(page, form);
    const empty = await violations(page);

    const email = `audit-${Date.now()}@example.org`;
    await form.fill(scope, email);
    const emailField = scope.locator('input[name="email"]');
    await emailField.fill('');
    await scope.getByRole('button', { name: form.submit }).click();
    await scope.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    const errors = await violations(page);

    await emailField.fill(email);
    await context.setOffline(true);
    await scope.getByRole('button', { name: form.submit }).click();
    await scope.getByRole('status').filter({ hasText: NOT_SENT }).waitFor();
    const notSent = await violations(page);

    await context.setOffline(false);
    await form.sent(page).waitFor({ state: 'attached' });
    const sent = await violations(page);
    result.push({ form: form.type, empty, errors, notSent, sent });
    await context.close();
  }
  return result;
}

async function violations(page: Page): Promise<number> {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  for (const violation of axe.violations)
    console.error(`  ${page.url()}: axe ${violation.id} (${violation.nodes.length})`);
  return axe.violations.length;
}

function printTable<T extends object>(table: T[]): void {
  const headers = Object.keys(table[0] ?? {}) as (keyof T)[];
  const cells = [headers.map(String), ...table.map((row) => headers.map((key) => String(row[key])))];
  const widths = headers.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  const render = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${render(cells[0]!)}`);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of cells.slice(1)) console.log(render(line));
}
