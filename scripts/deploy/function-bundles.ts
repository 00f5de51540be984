/**
 * The function bundles of a deploy, built by Netlify's own bundler (`@netlify/zip-it-and-ship-it`, with
 * netlify.toml's `[functions]` settings, as `netlify build` does), and the budget they must keep: cold starts pay
 * for every byte, and a public function must not carry staff-only code.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { bundlerConfig, netlifySettings } from './netlify-config.ts';

/** Largest zipped bundle of one function, in KiB (Netlify's own bootstrap alone is about 445 KiB). */
export const BUNDLE_BUDGET_KIB = 1_250;

/**
 * The functions that reach the gift ledger (confirming gifts, sending their emails, opening an instalment's checkout),
 * whose receipts and statements are PDFs, and the sponsors' letters printed for a field visit, carry PDFKit whole (netlify.toml's `external_node_modules`: it reads its
 * fonts from its own folder), so they get a budget of their own.
 */
export const PDF_FUNCTIONS = [
  'admin-child-records',
  'admin-gifts',
  'admin-letters',
  'admin-outbox',
  'my-giving',
  'notify-retry',
  'payments-checkout',
  'payments-instalment',
  'payments-mpesa',
  'payments-paystack',
  'payments-reconcile',
  'thank-you',
] as const;

/** Largest zipped bundle of one of the {@link PDF_FUNCTIONS}, in KiB. */
export const PDF_BUNDLE_BUDGET_KIB = 2_000;

/** The budget of the function named `name`, in KiB. */
export function budgetOf(name: string): number {
  return (PDF_FUNCTIONS as readonly string[]).includes(name) ? PDF_BUNDLE_BUDGET_KIB : BUNDLE_BUDGET_KIB;
}

/** Functions anyone can call: they must not bundle the staff sign-in (jose) or the admin resource code. */
export const PUBLIC_FUNCTIONS = [
  'track',
  'media-file',
  'form-choices',
  'my-giving',
  'my-giving-sign-in',
  'thank-you',
] as const;

/** Files no bundle may hold: zod's CommonJS copy (functions are ES modules) and, in public ones, staff code. */
const NEVER = [/node_modules\/zod\/.*\.cjs$/];
const NEVER_PUBLIC = [/node_modules\/jose\//, /_shared\/platform\/(admin-resource|auth|sessions|audit)\.ts$/];

/** One function's bundle. */
export interface Bundle {
  name: string;
  /** Zipped size in bytes. */
  size: number;
  /** The files the zip holds. */
  files: string[];
  schedule?: string | undefined;
  eventSubscriptions: string[];
  routes: { pattern?: string; methods?: string[] }[];
}

/** Bundles every function of `root` for `context`, like a Netlify build; the zips are removed afterwards. */
export async function bundleFunctions(root: string, context = 'production'): Promise<Bundle[]> {
  const settings = await netlifySettings(root, context);
  const dest = await mkdtemp(join(tmpdir(), 'watoto-bundles-'));
  try {
    const results = await zipFunctions(resolve(root, settings.functionsDirectory), dest, {
      archiveFormat: 'zip',
      basePath: root,
      repositoryRoot: root,
      config: bundlerConfig(settings.functions),
    });
    const bundles = await Promise.all(
      results.map(async (result) => ({
        name: result.name,
        size: result.size ?? 0,
        files: zipEntries(await readFile(result.path)),
        schedule: result.schedule,
        eventSubscriptions: result.eventSubscriptions ?? [],
        routes: result.routes ?? [],
      })),
    );
    return bundles.sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    await rm(dest, { recursive: true, force: true });
  }
}

/** What is wrong with the bundles: over budget, or holding files they must not. Empty when all is well. */
export function bundleProblems(bundles: readonly Bundle[]): string[] {
  const problems: string[] = [];
  for (const bundle of bundles) {
    const kib = Math.round(bundle.size / 1024);
    if (kib > budgetOf(bundle.name))
      problems.push(`${bundle.name}: ${kib} KiB zipped, over the ${budgetOf(bundle.name)} KiB budget`);
    const isPublic = (PUBLIC_FUNCTIONS as readonly string[]).includes(bundle.name);
    const banned = bundle.files.filter((file) =>
      [...NEVER, ...(isPublic ? NEVER_PUBLIC : [])].some((re) => re.test(file)),
    );
    if (banned.length > 0)
      problems.push(`${bundle.name}: bundles ${banned.length} file(s) it must not, e.g. ${banned[0]}`);
  }
  return problems;
}

/** The bundle table: name, zipped KiB, files, and what triggers it. */
export function bundleTable(bundles: readonly Bundle[]): string {
  const lines = [`${'function'.padEnd(22)} ${'KiB'.padStart(6)} ${'files'.padStart(6)}  trigger`];
  for (const bundle of bundles) {
    const trigger =
      bundle.schedule ??
      (bundle.routes.length > 0
        ? bundle.routes.map((route) => route.pattern ?? '').join(' ')
        : bundle.eventSubscriptions.filter((event) => event !== 'fetch').join(', ') || '(no route)');
    lines.push(
      `${bundle.name.padEnd(22)} ${String(Math.round(bundle.size / 1024)).padStart(6)} ${String(bundle.files.length).padStart(6)}  ${trigger}`,
    );
  }
  const total = bundles.reduce((sum, bundle) => sum + bundle.size, 0);
  lines.push(
    `${'total'.padEnd(22)} ${String(Math.round(total / 1024)).padStart(6)}  (budget ${BUNDLE_BUDGET_KIB} KiB each, ${PDF_BUNDLE_BUDGET_KIB} KiB for ${PDF_FUNCTIONS.length} that draw PDFs)`,
  );
  return lines.join('\n');
}

/** The names of the files a zip archive holds, from its central directory. */
export function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let entry = 0; entry < count; entry += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
