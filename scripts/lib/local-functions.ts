/**
 * The site's functions under `npm start`, warm, through public APIs only: @netlify/functions-dev as shipped imports a
 * function's bundle anew for every call (tests/unit/netlify-functions-upstream.test.ts fails the day it stops; then this
 * adapter goes). Each function is built by @netlify/zip-it-and-ship-it as functions-dev builds it; each build gets one
 * long-lived worker (function-worker.ts); routes match as functions-dev matches them; a changed source rebuilds the
 * functions that import it once it has been quiet for a moment, and until then the old build answers.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MessagePort, Worker } from 'node:worker_threads';
import { mockLocation, shouldBase64Encode } from '@netlify/dev-utils';
import { BACKGROUND_FUNCTION_TIMEOUT, SYNCHRONOUS_FUNCTION_TIMEOUT } from '@netlify/functions';
import { zipFunction, zipFunctions, type Config, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import type { Invocation, Outcome } from './function-worker.ts';

/** How long a source must be quiet before it is built. */
export const SETTLE_MS = 300;
/** Functions without a `config.path` answer here, as on Netlify. */
const DEFAULT_PATH = /^\/\.netlify\/(?:functions|builders)\/([^/]+)/;
const FEATURE_FLAGS = { zisi_functions_api_v2: true, zisi_pure_esm: true, zisi_pure_esm_mjs: true };

/** A function that answers a request: `handle` runs it on the request's body. */
export interface FunctionMatch {
  handle(request: Request): Promise<Response>;
  preferStatic: boolean;
}

/** The built functions. */
export interface LocalFunctions {
  match(request: Request): FunctionMatch | undefined;
  /** Every function built, with its `config.schedule` when it has one. */
  functions(): { name: string; schedule?: string | undefined }[];
  /** Calls when a build replaced some functions. */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

interface Built {
  result: FunctionResult;
  worker?: Worker;
  pending: Map<number, { resolve: (outcome: Outcome) => void; reject: (failure: Error) => void }>;
}

/** Builds every function of `functionsDir` into `destPath`, then keeps them built as their sources change. */
export async function startLocalFunctions(options: {
  root: string;
  functionsDir: string;
  destPath: string;
  config: Config;
}): Promise<LocalFunctions> {
  const { root, functionsDir, destPath, config } = options;
  const zip = { archiveFormat: 'none' as const, basePath: root, config, featureFlags: FEATURE_FLAGS };
  const table = new Map<string, Built>();
  const listeners: (() => void)[] = [];
  const watchers = new Map<string, FSWatcher>();
  let builds = 0;
  let nextId = 0;

  const install = (results: readonly FunctionResult[], all: boolean) => {
    const retired = all ? [...table.keys()] : results.map(({ name }) => name);
    for (const name of retired) {
      const old = table.get(name);
      if (old) retire(old);
      table.delete(name);
    }
    for (const result of results) table.set(result.name, { result, pending: new Map() });
    for (const dir of new Set([...table.values()].flatMap(({ result }) => (result.inputs ?? []).map(dirname)))) {
      if (!dir.includes('node_modules') && !dir.startsWith(functionsDir)) watchDir(dir, false);
    }
    for (const listener of listeners) listener();
  };

  const build = async (changed: ReadonlySet<string>) => {
    const target = join(destPath, `build-${++builds}`);
    const known = [...table.values()].map(({ result }) => result);
    const affected = known.filter(({ inputs = [] }) => inputs.some((input) => changed.has(input)));
    // A file of the functions folder that no build has read, or one that is gone: functions came or went.
    const rescan = [...changed].some(
      (path) => dirname(path) === functionsDir && (!existsSync(path) || !known.some((f) => f.inputs?.includes(path))),
    );
    if (rescan) return install(await zipFunctions([functionsDir], target, zip), true);
    const results = await Promise.all(affected.map((f) => zipFunction(entryOf(f, functionsDir), target, zip)));
    install(
      results.filter((result) => result !== undefined),
      false,
    );
  };

  let building = Promise.resolve();
  let waiting = new Set<string>();
  let settle: NodeJS.Timeout | undefined;
  const changedFile = (path: string) => {
    waiting.add(path);
    clearTimeout(settle);
    settle = setTimeout(() => {
      const changed = waiting;
      waiting = new Set();
      building = building.then(() =>
        build(changed).catch((error: unknown) =>
          console.error('Functions not rebuilt, the last build answers:', error),
        ),
      );
    }, SETTLE_MS);
  };
  const watchDir = (dir: string, recursive: boolean) => {
    if (watchers.has(dir)) return;
    const watcher = watch(dir, { recursive }, (_event, file) => file && changedFile(join(dir, file)));
    watcher.on('error', () => watchers.delete(dir));
    watchers.set(dir, watcher);
  };

  watchDir(functionsDir, true);
  install(await zipFunctions([functionsDir], join(destPath, `build-${++builds}`), zip), true);

  const run = async (func: Built, request: Request, route: string | undefined): Promise<Response> => {
    const { result } = func;
    if (result.runtimeAPIVersion !== 2) return new Response('Only v2 functions run locally', { status: 501 });
    if (result.schedule) {
      request = new Request(request, { method: 'POST' });
      request.headers.set('user-agent', 'Netlify Clockwork');
      request.headers.set('x-nf-event', 'schedule');
    }
    const background = result.invocationMode === 'background';
    const call = invoke(func, request, route, background ? BACKGROUND_FUNCTION_TIMEOUT : SYNCHRONOUS_FUNCTION_TIMEOUT);
    if (!background) return call;
    call.catch((error: unknown) => console.error(`${result.name}:`, error));
    return new Response(null, { status: 202 });
  };

  const invoke = async (func: Built, request: Request, route: string | undefined, timeout: number) => {
    const address = request.headers.get('x-forwarded-for') ?? '';
    request.headers.set(
      'x-nf-client-connection-ip',
      address
        .split(address.includes('.') ? ':' : ',')
        .pop()!
        .trim(),
    );
    request.headers.set('x-nf-site-id', 'unlinked');
    request.headers.set('x-nf-geo', Buffer.from(JSON.stringify(mockLocation)).toString('base64'));
    const event = await lambdaEvent(request, route);
    const worker = (func.worker ??= startWorker(func));
    const id = nextId++;
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      func.pending.set(id, { resolve, reject });
      worker.postMessage({ id, event, clientContext: '{}', timeoutMs: timeout * 1000 } satisfies Invocation);
    });
    if (outcome.error) {
      console.error(`${func.result.name}: ${outcome.error.name}: ${outcome.error.message}`);
      throw Object.assign(new Error(outcome.error.message), outcome.error);
    }
    const answer = outcome.result ?? { statusCode: 500 };
    return new Response(outcome.stream ? streamFrom(outcome.stream) : null, {
      status: answer.statusCode,
      headers: responseHeaders(answer),
    });
  };

  return {
    match(request) {
      const path = new URL(request.url).pathname;
      const named = DEFAULT_PATH.exec(path);
      if (named) {
        const func = table.get(named[1]!);
        if (func?.result.routes?.length) return undefined;
        const missing = () => Promise.resolve(new Response('No such function', { status: 404 }));
        return { handle: func ? (req) => run(func, req, undefined) : missing, preferStatic: false };
      }
      for (const func of table.values()) {
        const route = matchRoute(func.result, path, request.method);
        if (route)
          return { handle: (req) => run(func, req, route.pattern), preferStatic: route.prefer_static ?? false };
      }
      return undefined;
    },
    functions: () => [...table.values()].map(({ result }) => ({ name: result.name, schedule: result.schedule })),
    onChange: (listener) => void listeners.push(listener),
    async close() {
      clearTimeout(settle);
      for (const watcher of watchers.values()) watcher.close();
      await building;
      await Promise.all([...table.values()].flatMap(({ worker }) => (worker ? [worker.terminate()] : [])));
      await rm(destPath, { recursive: true, force: true });
    },
  };

  function startWorker(func: Built): Worker {
    const entry = pathToFileURL(join(func.result.path, func.result.entryFilename)).href;
    const worker = new Worker(new URL('./function-worker.ts', import.meta.url), {
      workerData: { entryFilePath: entry },
    });
    worker.on('message', (outcome: Outcome) => {
      func.pending.get(outcome.id)?.resolve(outcome);
      func.pending.delete(outcome.id);
    });
    // A crashed worker fails its open calls; the next call starts a new one.
    const fail = (failure: Error) => {
      for (const call of func.pending.values()) call.reject(failure);
      func.pending.clear();
      if (func.worker === worker) delete func.worker;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Function ${func.result.name} stopped (exit code ${code})`)));
    return worker;
  }
}

/** What zip-it-and-ship-it builds a function from: its file, or its folder when it has one. */
function entryOf(func: FunctionResult, functionsDir: string): string {
  const folder = dirname(func.mainFile);
  return folder === functionsDir ? func.mainFile : folder;
}

/** The route of `func` that `path` matches, as functions-dev matches them (case and a trailing slash ignored). */
function matchRoute(func: FunctionResult, rawPath: string, method: string) {
  const path = (rawPath !== '/' && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath).toLowerCase();
  const hits = (route: { literal: string } | { expression: string }) =>
    'literal' in route ? path === route.literal : new RegExp(route.expression).test(path);
  const route = func.routes?.find((r) => (!r.methods?.length || r.methods.includes(method)) && hits(r));
  return route && !func.excludedRoutes?.some(hits) ? route : undefined;
}

/** Ends a replaced build's worker once its open calls are answered, then removes the build. */
function retire(func: Built): void {
  const check = setInterval(() => {
    if (func.pending.size > 0) return;
    clearInterval(check);
    void func.worker?.terminate();
    void rm(func.result.path, { recursive: true, force: true });
  }, 1000);
  check.unref();
}

/** The Lambda event functions-dev makes of a request, but a binary body is base64-encoded from its bytes. */
async function lambdaEvent(request: Request, route: string | undefined) {
  const url = new URL(request.url);
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  url.searchParams.forEach((value, key) => (multiValueQueryStringParameters[key] ??= []).push(value));
  const isBase64Encoded = shouldBase64Encode(request.headers.get('content-type') ?? '');
  const bytes = Buffer.from(await request.arrayBuffer());
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers: Object.fromEntries(request.headers),
    multiValueHeaders: Object.fromEntries(
      [...request.headers].map(([key, value]) => [key, value.split(',').map((v) => v.trim())]),
    ),
    queryStringParameters: Object.fromEntries(
      Object.entries(multiValueQueryStringParameters).map(([key, values]) => [key, values.join(',')]),
    ),
    multiValueQueryStringParameters,
    body: bytes.length === 0 ? null : bytes.toString(isBase64Encoded ? 'base64' : 'utf8'),
    isBase64Encoded,
    route,
  };
}

function responseHeaders(result: NonNullable<Outcome['result']>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name.toLowerCase(), String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  }
  return headers;
}

/** The body chunks a worker posts on `port`; cancelling tells the worker to stop the function's stream. */
function streamFrom(port: MessagePort): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      port.on('message', (data: Uint8Array | null) => {
        if (data === null) {
          controller.close();
          port.close();
        } else {
          controller.enqueue(new Uint8Array(data));
        }
      });
    },
    cancel() {
      port.postMessage('cancel');
      port.close();
    },
  });
}
