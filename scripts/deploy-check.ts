/**
 * `npm run deploy:check`: a rehearsal of a production deploy, offline. netlify.toml is resolved by Netlify's own
 * resolver for each context; the production context's command runs as Netlify runs it (`CONTEXT=production`,
 * `SITE_URL` and `URL` both set) against a throw-away embedded database; every function is bundled by Netlify's
 * bundler; the generated headers and redirects are parsed by Netlify's parsers. Then it checks:
 *
 * - the contexts: production migrates, builds and records the files' slugs; no other context writes a database;
 *   a production build without `DATABASE_URL` fails naming it; a preview's deploy step writes nothing;
 * - the settings: no `node_bundler`, `SITE_URL` in canonical links, the sitemap and RSS, no `interest-cohort`;
 * - the bundles: a table of each function's zipped size against the budget, nothing they must not hold;
 * - the blob store: the production build reads it, the upload and media functions' bundles carry its client, and a
 *   picture is uploaded, served and deleted through it (Netlify's local blob server, scripts/deploy/blob-rehearsal.ts);
 * - the triggers: every schedule a valid cron, deploy events by the typed handlers with no route;
 * - the headers and redirects: no parse errors, the security headers on every page, the dashboard unindexed,
 *   every redirect target present in the build.
 *
 * Prints each check; exits 1 when any fails.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { closePools, query } from '../netlify/functions/_shared/platform/db.ts';
import { bundleFunctions, bundleProblems, bundleTable } from './deploy/function-bundles.ts';
import { netlifySettings } from './deploy/netlify-config.ts';
import { blobsDir, startLocalBlobs } from '../support/blobs/local-blobs.ts';
import { startLocalDatabase } from '../support/database/local-database.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The addresses the rehearsal sets: SITE_URL must win over Netlify's URL. */
const SITE_URL = 'https://deploy-check.tumaini.example';
const NETLIFY_URL = 'https://tumaini-children.netlify.app';
/** Headers every page must carry, and the values they must hold. */
const PAGE_HEADERS: Record<string, RegExp> = {
  'Content-Security-Policy': /frame-ancestors 'none'/,
  'Strict-Transport-Security': /max-age=\d{8,}/,
  'X-Content-Type-Options': /^nosniff$/,
  'X-Frame-Options': /^DENY$/,
  'Permissions-Policy': /^(?!.*interest-cohort)/,
};
/** Writes a build must never run outside production. */
const WRITING_STEPS = /db:migrate|db:record-files|db:restore|admin:create/;

const failures: string[] = [];
function check(ok: boolean, what: string, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(what);
}

/** Runs a shell command as Netlify's build does; resolves to its exit code and output. */
function run(command: string, env: NodeJS.ProcessEnv, echo: boolean): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}

/** The environment of a Netlify build of `context` (build.environment, CONTEXT, URL), without the database's. */
function buildEnv(context: string, environment: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...environment,
    CONTEXT: context,
    URL: NETLIFY_URL,
    SITE_URL,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  delete env['DATABASE_URL'];
  delete env['DATABASE_WS_PROXY'];
  return env;
}

console.log(
  'Deploy rehearsal (offline): netlify.toml, the production build, function bundles, headers and redirects\n',
);

// Contexts: only production writes.
const production = await netlifySettings(root, 'production');
const command = production.build.command ?? '';
check(
  /db:migrate/.test(command) && /npm run build/.test(command) && /db:record-files/.test(command),
  'production: migrates, builds, then records the committed files',
  command,
);
for (const context of ['deploy-preview', 'branch-deploy']) {
  const settings = await netlifySettings(root, context);
  check(!WRITING_STEPS.test(settings.build.command ?? ''), `${context}: the build only reads`, settings.build.command);
}
check(
  Object.values(production.functions).every((pattern) => pattern.node_bundler === undefined),
  'functions: no node_bundler (v2 functions are always traced by nft)',
);

const dataDir = await mkdtemp(join(tmpdir(), 'watoto-deploy-check-'));
const database = await startLocalDatabase({ dataDir: join(dataDir, 'pglite') });
// The blob store Netlify gives the site's build and functions: here its local server, on the throw-away folder.
const blobs = await startLocalBlobs(blobsDir(dataDir));
try {
  const env = buildEnv('production', production.build.environment);

  const unset = await run('npm run build', env, false);
  check(
    unset.code !== 0 && unset.output.includes('DATABASE_URL is not set'),
    'production: a build without DATABASE_URL fails naming it',
  );

  const preview = await run(
    'npm run db:record-files',
    {
      ...buildEnv('deploy-preview', production.build.environment),
      DATABASE_URL: 'postgres://production.invalid/neondb',
    },
    false,
  );
  check(preview.code === 0 && /nothing written/.test(preview.output), 'deploy-preview: the deploy step writes nothing');

  console.log(`\n$ ${command}   (CONTEXT=production, throw-away embedded database)\n`);
  const started = Date.now();
  const built = await run(
    command,
    { ...env, ...blobs.env, DATABASE_URL: database.url, DATABASE_WS_PROXY: database.proxy },
    true,
  );
  check(built.code === 0, 'production: the build command succeeds', `${((Date.now() - started) / 1000).toFixed(0)} s`);
  const [files] = await query<{ n: number }>('select count(*)::int as n from content_files', [], database);
  check((files?.n ?? 0) > 0, 'production: the deploy step recorded the committed files', `${files?.n ?? 0} slugs`);

  // Settings that reach the pages.
  const publish = production.build.publish;
  const page = (path: string) => readFile(join(publish, path), 'utf8').catch(() => '');
  check((await page('index.html')).includes(`<link rel="canonical" href="${SITE_URL}/"`), 'SITE_URL: canonical links');
  check((await page('sitemap-index.xml')).includes(`${SITE_URL}/`), 'SITE_URL: the sitemap');
  check((await page('rss.xml')).includes(`${SITE_URL}/`), 'SITE_URL: RSS');

  // Headers and redirects, as Netlify reads them from the build and netlify.toml.
  const configPath = join(root, 'netlify.toml');
  const headers = await parseAllHeaders({
    headersFiles: [join(publish, '_headers')],
    netlifyConfigPath: configPath,
    configHeaders: undefined,
    minimal: true,
  });
  check(headers.errors.length === 0, 'headers: parse without errors', headers.errors.map(String).join('; '));
  const every = headers.headers.find((rule) => rule.for === '/*')?.values ?? {};
  for (const [name, pattern] of Object.entries(PAGE_HEADERS)) {
    check(pattern.test(String(every[name] ?? '')), `headers: /* sends ${name}`, String(every[name] ?? 'missing'));
  }
  const samu = headers.headers.find((rule) => rule.for === '/samu/*')?.values ?? {};
  check(/noindex/.test(String(samu['X-Robots-Tag'] ?? '')), 'headers: the dashboard is not indexed');
  const redirects = await parseAllRedirects({
    redirectsFiles: [join(publish, '_redirects')],
    netlifyConfigPath: configPath,
    configRedirects: [],
    minimal: true,
  });
  check(redirects.errors.length === 0, 'redirects: parse without errors', redirects.errors.map(String).join('; '));
  for (const rule of redirects.redirects as { from: string; to: string; status?: number }[]) {
    if (/[*:]/.test(rule.to) || /^https?:/.test(rule.to)) continue;
    const target = rule.to.replace(/^\//, '');
    const exists = existsSync(join(publish, target, 'index.html')) || existsSync(join(publish, target));
    check(exists, `redirects: ${rule.from} → ${rule.to} (${rule.status ?? 301}) reaches a page`);
  }

  // Functions, bundled as a Netlify build bundles them.
  const bundles = await bundleFunctions(root, 'production');
  console.log(`\n${bundleTable(bundles)}\n`);
  const problems = bundleProblems(bundles);
  check(
    problems.length === 0,
    'functions: every bundle within budget and holding only what it may',
    problems.join('; '),
  );
  const scheduled = bundles.filter((bundle) => bundle.schedule !== undefined);
  check(
    scheduled.length > 0,
    'schedules: found',
    scheduled.map((bundle) => `${bundle.name} ${bundle.schedule}`).join(', '),
  );
  for (const bundle of scheduled) {
    const cron = bundle.schedule ?? '';
    check(
      (/^@(hourly|daily|weekly|monthly|yearly|annually)$/.test(cron) || cron.split(/\s+/).length === 5) &&
        bundle.routes.length === 0,
      `schedules: ${bundle.name} runs on "${cron}" and has no public route`,
    );
  }
  const events = bundles.find((bundle) => bundle.name === 'deploy-events');
  check(
    !!events &&
      ['deploy_succeeded', 'deploy_failed'].every((event) => events.eventSubscriptions.includes(event)) &&
      events.routes.length === 0,
    'deploy events: deploy-events subscribes to deploy-succeeded and deploy-failed, with no route',
  );
  check(
    !bundles.some((bundle) => /^deploy-(building|succeeded|failed|deleted|locked|unlocked)$/.test(bundle.name)),
    'deploy events: no function subscribes by its file name (unverified legacy events)',
  );

  // Uploaded files through the blob store.
  for (const name of ['admin-media-upload', 'admin-media', 'media-file']) {
    const bundle = bundles.find((found) => found.name === name);
    check(
      !!bundle?.files.some((file) => file.includes('node_modules/@netlify/blobs/')),
      `blobs: the ${name} bundle carries the blob client`,
    );
  }
  Object.assign(process.env, blobs.env, {
    DATABASE_URL: database.url,
    DATABASE_WS_PROXY: database.proxy,
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const { rehearseUploads } = await import('./deploy/blob-rehearsal.ts');
  for (const step of await rehearseUploads()) check(step.ok, step.what, step.detail);
} finally {
  await closePools();
  await blobs.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(failures.length === 0 ? '\nDeploy check passed.' : `\nDeploy check FAILED: ${failures.length} problem(s).`);
process.exitCode = failures.length === 0 ? 0 : 1;
