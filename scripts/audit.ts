/**
 * `npm run audit`: builds and serves the site the way `npm start` does, then prints one row per public page:
 * bytes transferred (total, JS, CSS, images, fonts), request count, Lighthouse mobile scores with LCP, CLS and
 * TBT, axe violations, and whether any dashboard code was loaded. It reports numbers; it never fails a build.
 *
 *   node scripts/audit.ts [--no-build] [/path ...]      (Lighthouse runs Debian's Chromium)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/chromium.ts';
import { startSite } from './serve.ts';

/** Every public page of the route table, one story, and the 404 page (at its own path: Lighthouse skips 4xx answers). */
const DEFAULT_PATHS = [
  '/',
  '/about',
  '/programs',
  '/programs/school-volunteering',
  '/programs/hospital-internships',
  '/get-involved',
  '/sponsor',
  '/donate',
  '/volunteer',
  '/children',
  '/blog',
  '/blog/first-day-at-kibera-hope',
  '/contact',
  '/404',
];

/** Files of the staff dashboard island; a public page must never load them. */
const DASHBOARD_CODE = /\/_astro\/(Dashboard|admin)[^/]*\.js/i;

type Row = {
  page: string;
  totalKB: number;
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

type NetworkItem = { url: string; transferSize?: number; resourceType?: string };

const args = process.argv.slice(2);
const paths = args.filter((arg) => arg.startsWith('/'));
const port = 8890 + Math.floor(Math.random() * 90);
const dataDir = await mkdtemp(join(tmpdir(), 'watoto-audit-'));
const site = await startSite({ port, build: !args.includes('--no-build'), dataDir });
const rows: Row[] = [];

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const path of paths.length > 0 ? paths : DEFAULT_PATHS) {
    const url = `${site.url}${path}`;
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
    const bytes = (type?: string) =>
      kb(
        items
          .filter((item) => !type || item.resourceType === type)
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      );
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
} finally {
  await browser.close();
  chrome.kill();
  await site.close();
  await rm(dataDir, { recursive: true, force: true });
}

printTable(rows);
await mkdir('audit-report', { recursive: true });
await writeFile(join('audit-report', 'audit.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log('\nWritten to audit-report/audit.json');

function kb(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

function printTable(table: Row[]): void {
  const headers = Object.keys(table[0] ?? {}) as (keyof Row)[];
  const cells = [headers.map(String), ...table.map((row) => headers.map((key) => String(row[key])))];
  const widths = headers.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  const render = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${render(cells[0]!)}`);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of cells.slice(1)) console.log(render(line));
}
