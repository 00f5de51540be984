/**
 * `npm start`: builds the site, then serves `dist/` and `netlify/functions` through Netlify's own local packages:
 * the functions are built once by Netlify's builder and run warm (scripts/lib/local-functions.ts, rebuilding a
 * function when its source changes), and `@netlify/dev` answers the rest with `netlify.toml`'s redirects, rewrites and
 * headers. Scheduled functions run on their schedules (scripts/lib/scheduled-functions.ts). Everything that would
 * reach the network is off: it works offline.
 * Every answer carries netlify.toml's headers for its path, the server's own answers (404, 400, 403, 405) included;
 * what only the machine's owner may call (the local build hook, scheduled and event functions) refuses calls made
 * by pages of other sites.
 *
 *   node scripts/serve.ts [--no-build] [--functions <dir>]
 *     PORT (default 8888), HOST (default 127.0.0.1: this machine only), DATABASE_URL (default: the embedded
 *     database in the data folder, support/database/data-dir.ts, which one process at a time opens: a second server on it
 *     stops at once, support/database/database-lock.ts); --functions serves the functions of another folder than
 *     netlify.toml's, as `netlify dev --functions` does.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Config } from '@netlify/zip-it-and-ship-it';
import { localDataDir } from '../support/database/data-dir.ts';
import { exitOnLocalDatabaseError, lockLocalDatabase } from '../support/database/database-lock.ts';
import { compressedStatic, compressor, pickEncoding } from './lib/compression.ts';
import { isLoopback, ownAnswer, publishedRedirects, refuse, type LocalSite } from './lib/local-answers.ts';
import { LOCAL_BUILD_HOOK_PATH, localBuilds } from './lib/local-builds.ts';
import type { LocalFunctions } from './lib/local-functions.ts';
import { runSchedules, type Schedules } from './lib/scheduled-functions.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A running local copy of the site. */
export interface Site {
  url: string;
  close(): Promise<void>;
}

/** Options for {@link startSite}. */
export interface SiteOptions {
  port?: number;
  /** The address to listen on (default 127.0.0.1: reachable from this machine only). */
  host?: string;
  build?: boolean;
  /** Where the embedded database and generated secrets live (default: the data folder, support/database/data-dir.ts). */
  dataDir?: string;
  /** The functions folder (default: netlify.toml's, netlify/functions). */
  functionsDir?: string;
}

/** Builds (unless told not to), starts the database and serves the site with its functions. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const dataDir = localDataDir(options.dataDir);
  // Before anything starts: a second server on the same embedded database stops here, at once.
  const lock = await lockLocalDatabase(dataDir);
  const serving = await loadServing().catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const { NetlifyDev, HeadersHandler, RedirectsHandler, prepareRuntime } = serving;
  const port = options.port ?? 8888;
  // The functions build (the longest part of a start) while the database starts and the site builds: none needs
  // another. Their workers start at the first call, after the database's variables are in the environment below.
  // Planned once the server listens; until then a newly registered function waits for that first plan.
  const scheduled: { schedules?: Schedules } = {};
  const functionsStarting = startFunctions(serving, port, options.functionsDir, () => scheduled.schedules?.refresh());
  functionsStarting.catch(() => {});
  const stopFunctions = () => functionsStarting.then((functions) => functions.close()).catch(() => {});
  const runtime = await prepareRuntime({ dataDir, lock }).catch(async (error: unknown) => {
    await stopFunctions();
    throw error;
  });
  // Functions run in workers that inherit this process's environment.
  Object.assign(process.env, runtime.env);
  const builds = localBuilds({ root });
  // After the database is ready, so the content loader includes what was published from /samu.
  try {
    if (options.build !== false) await builds.initial();
  } catch (error) {
    await stopFunctions();
    await runtime.close();
    throw error;
  }

  // Static files, redirects and headers. Its own functions handler is off: it would build every function into a
  // fresh directory on every request, so the local functions (scripts/lib/local-functions.ts) serve them instead.
  const netlify = new NetlifyDev({
    projectRoot: root,
    serverAddress: null,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await netlify.start();
  const functions = await functionsStarting;
  const notFoundPage = await readFile(join(root, 'dist', '404.html')).catch(() => Buffer.from('Not found'));
  const headers = new HeadersHandler({
    configPath: functions.config.configPath as string | undefined,
    configHeaders: (
      functions.config.config as { headers?: ConstructorParameters<typeof HeadersHandler>[0]['configHeaders'] }
    ).headers,
    projectDir: root,
    publishDir: 'dist',
    logger: console,
  });
  const host = options.host ?? '127.0.0.1';
  const site: LocalSite = {
    netlify,
    functions: functions.local,
    notFoundPage,
    headers,
    redirects: publishedRedirects(RedirectsHandler, join(root, 'dist')),
    readSite: (work) => builds.reading(work),
    loopbackOnly: isLoopback(host),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const refusal = await refuse(site, req, res);
      if (refusal) return;
      if (builds.intercept(req, res)) return;
      await handle(site, req, res);
    })().catch(async (error: unknown) => {
      console.error(`${req.method} ${req.url}:`, error);
      if (res.headersSent) return void res.destroy();
      await ownAnswer(site, req, res, 502, 'Local server error').catch(() => res.destroy());
    });
  });
  await listen(server, port, host);
  const { port: listening } = server.address() as AddressInfo;
  // Publishing from /samu rebuilds in the background through this server (scripts/lib/local-builds.ts). Set before
  // the first call starts a function's worker, which copies the environment; after listening, for the port in use.
  process.env['NETLIFY_BUILD_HOOK_URL'] ||= `http://localhost:${listening}${LOCAL_BUILD_HOOK_PATH}`;
  const schedules = runSchedules({
    functions: () => functions.local.functions(),
    invoke: (name, nextRun) => invokeScheduled(functions.local, listening, name, nextRun),
  });
  scheduled.schedules = schedules;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await schedules.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await builds.close();
      await functions.close();
      await netlify.stop();
      await runtime.close();
    })());
  return { url: `http://localhost:${listening}`, close };
}

/**
 * The packages that serve the site, and the database's runtime: loaded once the database is locked, since they take
 * seconds to load on a busy machine and a second server on a locked folder stops before that.
 */
async function loadServing() {
  const [config, dev, functions, headers, redirects, runtime] = await Promise.all([
    import('@netlify/config'),
    import('@netlify/dev'),
    import('./lib/local-functions.ts'),
    import('@netlify/headers'),
    import('@netlify/redirects'),
    import('./lib/runtime.ts'),
  ]);
  return {
    resolveConfig: config.resolveConfig,
    NetlifyDev: dev.NetlifyDev,
    startLocalFunctions: functions.startLocalFunctions,
    HeadersHandler: headers.HeadersHandler,
    RedirectsHandler: redirects.RedirectsHandler,
    prepareRuntime: runtime.prepareRuntime,
  };
}

/** Calls a scheduled function as Netlify's scheduler does: a POST to its URL with the next run in the body. */
async function invokeScheduled(functions: LocalFunctions, port: number, name: string, nextRun: Date) {
  const request = new Request(`http://localhost:${port}/.netlify/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
    body: JSON.stringify({ next_run: nextRun.toISOString() }),
  });
  const fn = functions.match(new Request(request.url, { method: 'POST' }));
  if (!fn) return new Response('No such function', { status: 404 });
  return fn.handle(request);
}

/**
 * The functions, built once each (rebuilt when a source changes) and run warm. Each server builds into a folder of its
 * own (by port, or by process for one on a port the system picks), so a test server and `npm start` side by side
 * never overwrite each other's builds.
 */
async function startFunctions(
  { resolveConfig, startLocalFunctions }: Awaited<ReturnType<typeof loadServing>>,
  port: number,
  functionsDir: string | undefined,
  onChange: () => void,
) {
  const config = await resolveConfig({
    config: join(root, 'netlify.toml'),
    context: 'dev',
    cwd: root,
    offline: true,
    mode: 'cli',
    repositoryRoot: root,
  });
  const netlifyConfig = config.config as {
    functionsDirectory?: string;
    functions?: Record<string, Record<string, unknown>>;
  };
  const destPath = join(root, '.netlify', 'functions-serve', port === 0 ? `pid-${process.pid}` : `port-${port}`);
  // A server stopped outright leaves its builds behind.
  await rm(destPath, { recursive: true, force: true });
  const local = await startLocalFunctions({
    root,
    functionsDir: functionsDir ?? netlifyConfig.functionsDirectory ?? join(root, 'netlify', 'functions'),
    destPath,
    config: builderConfig(netlifyConfig.functions ?? {}),
  });
  local.onChange(onChange);
  return { local, config, close: () => local.close() };
}

/** netlify.toml's `[functions]` settings as Netlify's builder names them. */
function builderConfig(functions: Record<string, Record<string, unknown>>): Config {
  const config: Config = {};
  const patterns: Record<string, Record<string, unknown>> = { '*': {}, ...functions };
  for (const [pattern, settings] of Object.entries(patterns)) {
    config[pattern] = {
      externalNodeModules: settings['external_node_modules'] as string[] | undefined,
      includedFiles: settings['included_files'] as string[] | undefined,
      includedFilesBasePath: root,
      ignoredNodeModules: settings['ignored_node_modules'] as string[] | undefined,
      schedule: settings['schedule'] as string | undefined,
      nodeSourcemap: true,
    };
  }
  return config;
}

/** Netlify's order: a function whose path matches, unless it prefers a static file that exists; then the rest. */
async function respond(
  { netlify, functions, readSite }: LocalSite,
  request: Request,
): Promise<{ response: Response; static: boolean } | undefined> {
  const readOnly = new Request(request.url, { method: request.method, headers: request.headers });
  const fn = functions.match(readOnly);
  if (fn && !fn.preferStatic) return { response: await fn.handle(request), static: false };
  // A static file is read whole while the gate is held: its stream opens the file only when first read.
  const match = await readSite(async () => {
    const found = await netlify.handleAndIntrospect(request);
    if (found?.type !== 'static' || !found.response.body) return found;
    const { status, headers } = found.response;
    return { ...found, response: new Response(await found.response.arrayBuffer(), { status, headers }) };
  });
  if (match) return { response: match.response, static: match.type === 'static' };
  return fn ? { response: await fn.handle(request), static: false } : undefined;
}

async function handle(site: LocalSite, req: IncomingMessage, res: ServerResponse) {
  const request = await webRequest(req);
  const answer = await respond(site, request);
  if (!answer) {
    const redirect = await site.readSite(() => site.redirects(request));
    if (redirect) await ownAnswer(site, req, res, redirect.status, '', { location: redirect.location });
    else await ownAnswer(site, req, res, 404, site.notFoundPage);
    return;
  }
  const { response } = answer;
  const headers = new Headers(response.headers);
  const encoding = pickEncoding(req, headers);
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    headers.append('vary', 'Accept-Encoding');
  }
  if (encoding && answer.static && response.body && req.method !== 'HEAD') {
    // A static file is whole and the same for everyone: compressed once, then from memory.
    const body = await compressedStatic(Buffer.from(await response.arrayBuffer()), encoding);
    headers.set('content-length', String(body.length));
    res.writeHead(response.status, Object.fromEntries(headersWithCookies(headers)));
    res.end(body);
    return;
  }
  res.writeHead(response.status, Object.fromEntries(headersWithCookies(headers)));
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  res.flushHeaders();
  const compressing = encoding ? compressor(encoding) : undefined;
  const sink: Writable = compressing ?? res;
  compressing?.pipe(res);
  const reader = response.body.getReader();
  // A visitor who leaves cancels the body, which stops a function's stream (live events) at once.
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done || res.destroyed) break;
    if (!sink.write(value)) await new Promise((resume) => sink.once('drain', resume).once('close', resume));
  }
  if (!res.destroyed) sink.end();
}

/**
 * The Node request as a web `Request`. The client address is the socket's: the local functions hand functions the last
 * `X-Forwarded-For` entry as `context.ip`, so a visitor's own `X-Forwarded-For` is replaced, never trusted, just as
 * Netlify's edge sets the address itself. Only the browser tests' server (`CLIENT_FROM_TEST_HEADER=1`, never set
 * otherwise) takes it from `X-Test-Client-Ip` instead: its visitors all connect from 127.0.0.1, and a test that plays
 * a visitor on a network of their own says which.
 */
async function webRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const testClient = process.env['CLIENT_FROM_TEST_HEADER'] === '1' ? headers.get('x-test-client-ip') : null;
  headers.delete('x-test-client-ip');
  headers.set('x-forwarded-for', testClient ?? req.socket.remoteAddress ?? '127.0.0.1');
  headers.set('x-nf-request-id', randomUUID());
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });

  const bytes = Buffer.concat(await Array.fromAsync(req as AsyncIterable<Buffer>));
  headers.delete('content-length');
  return new Request(url, { method, headers, body: bytes });
}

function headersWithCookies(headers: Headers): [string, string | string[]][] {
  const entries: [string, string | string[]][] = [];
  headers.forEach((value, key) => {
    if (key !== 'set-cookie') entries.push([key, value]);
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) entries.push(['set-cookie', cookies]);
  return entries;
}

function listen(server: Server, port: number, host: string) {
  return new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
}

/** Stops the site and exits on SIGINT or SIGTERM (after 5 s even if it has not stopped), as `npm start` does. */
export function closeOnSignals(site: Site): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping`);
      const forceExit = setTimeout(() => process.exit(1), 5000);
      forceExit.unref();
      void site.close().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: flags } = parseArgs({ options: { 'no-build': { type: 'boolean' }, functions: { type: 'string' } } });
  const site = await startSite({
    port: Number(process.env['PORT'] ?? 8888),
    ...(process.env['HOST'] ? { host: process.env['HOST'] } : {}),
    build: !flags['no-build'],
    ...(flags.functions ? { functionsDir: resolve(flags.functions) } : {}),
  }).catch(exitOnLocalDatabaseError);
  console.log(`Site and functions on ${site.url}`);
  closeOnSignals(site);
}
