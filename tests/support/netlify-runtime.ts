/**
 * One function as Netlify runs it: bundled by Netlify's own bundler (`@netlify/zip-it-and-ship-it`, the step of
 * `netlify build`), then called through the platform's bootstrap inside the bundle with `lambda-local`, as
 * `@netlify/functions-dev` does. What the bootstrap decides (which handler a call reaches) is tested, not assumed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import lambdaLocal from 'lambda-local';

/** A bundled function: what the bundler found, and a way to call it. */
export interface BundledFunction {
  /** Events the bundle subscribes to (Netlify's manifest `eventSubscriptions`). */
  eventSubscriptions: string[];
  /** Routes from its `config.path`. */
  routes: unknown[];
  /** Calls the bundle with a request; the answer's body read as text. */
  invoke(request: Request): Promise<{ status: number; body: string }>;
  /** Removes the bundle. */
  close(): Promise<void>;
}

/** Bundles `netlify/functions/<name>.ts` the way a Netlify build does. */
export async function bundleFunction(name: string): Promise<BundledFunction> {
  const root = process.cwd();
  const dest = await mkdtemp(join(tmpdir(), 'watoto-runtime-'));
  const built = await zipFunction(join(root, 'netlify', 'functions', `${name}.ts`), dest, {
    archiveFormat: 'none',
    basePath: root,
    repositoryRoot: root,
  });
  if (!built?.entryFilename) throw new Error(`Netlify's bundler built nothing for ${name}`);
  const lambdaFunc: unknown = await import(pathToFileURL(join(built.path, built.entryFilename)).href);
  (lambdaLocal.getLogger() as { level: string }).level = 'alert';
  return {
    eventSubscriptions: built.eventSubscriptions ?? [],
    routes: built.routes ?? [],
    async invoke(request) {
      const url = new URL(request.url);
      const result = (await lambdaLocal.execute({
        clientContext: '{}',
        event: {
          rawUrl: url.toString(),
          rawQuery: url.search,
          path: url.pathname,
          httpMethod: request.method,
          headers: Object.fromEntries(request.headers),
          multiValueHeaders: {},
          queryStringParameters: {},
          multiValueQueryStringParameters: {},
          body: (await request.text()) || null,
          isBase64Encoded: false,
        },
        lambdaFunc,
        region: 'dev',
        timeoutMs: 10_000,
        verboseLevel: 0,
      })) as { statusCode: number; body?: unknown };
      return { status: result.statusCode, body: await readBody(result.body) };
    },
    close: () => rm(dest, { recursive: true, force: true }),
  };
}

async function readBody(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  return '';
}
