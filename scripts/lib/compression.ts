/**
 * Response compression for the local server, as Netlify's CDN does it: text answers go out as Brotli or gzip, and a
 * static file is compressed once, then served from memory, the way the CDN caches a compressed asset.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip, type BrotliOptions } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Quality 5: near the best ratio for text at a small fraction of the CPU of the maximum (11). */
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Compressed static files kept in memory, at most this many bytes of them (the site's text files total about 2 MB). */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with: none for binary types, event streams and answers already encoded. */
export function pickEncoding(req: IncomingMessage, headers: Headers): Encoding | undefined {
  const type = headers.get('content-type') ?? '';
  if (headers.has('content-encoding') || type.startsWith('text/event-stream')) return undefined;
  if (!/^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg)/.test(type)) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** A compressing stream, for answers made per request (functions). */
export function compressor(encoding: Encoding) {
  return encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

/**
 * `body` compressed, from memory when the same bytes were compressed before. Keyed by the content's hash, so a
 * rebuilt site (publishing from /samu swaps `dist/`) never gets a stale copy; past the limit the oldest copies go.
 */
export async function compressedStatic(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compressed = encoding === 'br' ? await brotliAsync(body, BROTLI) : await gzipAsync(body);
  cache.set(key, compressed);
  cachedBytes += compressed.length;
  for (const [oldest, bytes] of cache) {
    if (cachedBytes <= CACHE_LIMIT_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= bytes.length;
  }
  return compressed;
}
