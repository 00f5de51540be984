/**
 * `npm start`: builds the site, then serves `dist/` and `netlify/functions` through Netlify's own local request
 * pipeline (`@netlify/dev`), so `netlify.toml` redirects, rewrites and headers and each function's `config.path`
 * behave as on Netlify. Everything that would reach the network is off: it works offline.
 *
 *   node scripts/serve.ts [--no-build]      PORT (default 8888), DATABASE_URL (default: embedded PGlite in .data/)
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { shouldBase64Encode } from '@netlify/dev-utils';
import { LOCAL_BUILD_HOOK_PATH, localBuilds } from './lib/local-builds.ts';
import { prepareRuntime } from './lib/runtime.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A running local copy of the site. */
export interface Site {
  url: string;
  close(): Promise<void>;
}

/** Options for {@link startSite}. */
export interface SiteOptions {
  port?: number;
  build?: boolean;
  /** Where the embedded database and generated secrets live (default `.data/`). */
  dataDir?: string;
}

/** Runs `astro build` with this project's Node. */
export async function buildSite(): Promise<void> {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build exited with ${code}`))));
  });
}

/** Builds (unless told not to), starts the database and serves the site with its functions. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const dataDir = resolve(root, options.dataDir ?? '.data');
  const runtime = await prepareRuntime({ dataDir });
  // Functions run in workers that inherit this process's environment.
  Object.assign(process.env, runtime.env);
  // Publishing from /samu rebuilds in the background through this server (scripts/lib/local-builds.ts).
  process.env['NETLIFY_BUILD_HOOK_URL'] ||= `http://localhost:${options.port ?? 8888}${LOCAL_BUILD_HOOK_PATH}`;
  const builds = localBuilds({ root, workDir: join(dataDir, 'builds') });
  // After the database is ready, so the content loader includes what was published from /samu.
  if (options.build !== false) await builds.initial();

  const netlify = new NetlifyDev({
    projectRoot: root,
    serverAddress: null,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await netlify.start();
  const notFoundPage = await readFile(join(root, 'dist', '404.html')).catch(() => Buffer.from('Not found'));

  const server = createServer((req, res) => {
    if (builds.intercept(req, res)) return;
    handle(netlify, notFoundPage, req, res).catch((error: unknown) => {
      console.error(`${req.method} ${req.url}:`, error);
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Local server error');
    });
  });
  await listen(server, options.port ?? 8888);
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await builds.close();
      await netlify.stop();
      await runtime.close();
    })());
  return { url: `http://localhost:${port}`, close };
}

async function handle(netlify: NetlifyDev, notFoundPage: Buffer, req: IncomingMessage, res: ServerResponse) {
  const match = await netlify.handleAndIntrospect(await webRequest(req));
  if (!match) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : notFoundPage);
    return;
  }
  const { response } = match;
  const headers = new Headers(response.headers);
  const encoding = pickEncoding(req, headers);
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    headers.append('vary', 'Accept-Encoding');
  }
  res.writeHead(response.status, Object.fromEntries(headersWithCookies(headers)));
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  res.flushHeaders();
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : undefined;
  const sink: Writable = compressor ?? res;
  compressor?.pipe(res);
  // The body is read to its end even when the visitor has gone: cancelling a function's stream (Server-Sent
  // Events) while its worker still writes to it crashes @netlify/functions-dev. The stream ends by itself (< 60 s).
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    if (res.destroyed) continue;
    if (!sink.write(chunk)) await new Promise((resume) => sink.once('drain', resume).once('close', resume));
  }
  if (!res.destroyed) sink.end();
}

/** The Node request as a web `Request`, with the client address Netlify passes to functions. */
async function webRequest(req: IncomingMessage): Promise<Request> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-nf-client-connection-ip', req.socket.remoteAddress ?? '127.0.0.1');
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });

  const bytes = Buffer.concat(await Array.fromAsync(req as AsyncIterable<Buffer>));
  // @netlify/functions-dev reads every body as text and base64-decodes those of a binary type (uploads), so such a
  // body must arrive base64-encoded to reach the function intact. Netlify itself is unaffected.
  const binary = shouldBase64Encode(headers.get('content-type') ?? '');
  headers.delete('content-length');
  return new Request(url, { method, headers, body: binary ? bytes.toString('base64') : bytes });
}

/** Compresses text the way Netlify's CDN does, so local transfer sizes match production. */
function pickEncoding(req: IncomingMessage, headers: Headers): 'br' | 'gzip' | undefined {
  const type = headers.get('content-type') ?? '';
  if (headers.has('content-encoding') || type.startsWith('text/event-stream')) return undefined;
  if (!/^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg)/.test(type)) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
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

function listen(server: Server, port: number) {
  return new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, () => done());
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const site = await startSite({
    port: Number(process.env['PORT'] ?? 8888),
    build: !process.argv.includes('--no-build'),
    ...(process.env['DATA_DIR'] ? { dataDir: process.env['DATA_DIR'] } : {}),
  });
  console.log(`Site and functions on ${site.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping`);
      const forceExit = setTimeout(() => process.exit(1), 5000);
      forceExit.unref();
      void site.close().then(() => process.exit(0));
    });
  }
}
