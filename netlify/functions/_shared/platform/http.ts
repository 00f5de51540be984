/**
 * Answers shared by every function: JSON bodies, the error shape of docs/api.md
 * (`{error, issues?: [{path, message}]}`), and a size-capped JSON body reader.
 */
import type { z } from 'zod';

/** One problem with a request, `path` in dot notation (`payload.email`). */
export interface Issue {
  path: string;
  message: string;
}

/** Largest JSON body accepted by default (32 KB). */
export const MAX_JSON_BYTES = 32 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The security headers of every answer a function makes, JSON, HTML page or redirect alike: HTTPS only (two years,
 * subdomains too), no camera, microphone or location, no type sniffing, no framing, no full address sent to other
 * sites, and a policy that loads and runs nothing. netlify.toml sets the same on static files, but Netlify applies
 * its header rules to static files only, so every function answers through this module ({@link answer}); a lint rule
 * keeps `new Response` out of the functions elsewhere.
 */
export const API_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** `headers` with {@link API_HEADERS} added (a value given in `headers` wins, e.g. an HTML page's own policy). */
export function apiHeaders(headers: HeadersInit = {}): Headers {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(API_HEADERS)) if (!all.has(name)) all.set(name, value);
  return all;
}

/** Any answer of a function: `body` with `status` and `headers`, plus {@link API_HEADERS}. */
export function answer(body: BodyInit | null, status: number, headers: HeadersInit = {}): Response {
  return new Response(body, { status, headers: apiHeaders(headers) });
}

/** 303 See Other to `location` (a path of this site), never cached. */
export function seeOther(location: string): Response {
  return answer(null, 303, { Location: location, 'Cache-Control': 'no-store' });
}

/** A JSON answer with `Cache-Control: no-store` and {@link API_HEADERS}. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const all = apiHeaders(headers);
  all.set('Content-Type', JSON_TYPE);
  if (!all.has('Cache-Control')) all.set('Cache-Control', 'no-store');
  return answer(JSON.stringify(body), status, all);
}

/** An answer without a body (204 by default) with `Cache-Control: no-store` and {@link API_HEADERS}. */
export function noContent(status = 204): Response {
  return answer(null, status, { 'Cache-Control': 'no-store' });
}

/** An error answer `{error, issues?}`. */
export function error(status: number, message: string, issues?: Issue[], headers: HeadersInit = {}): Response {
  return json(issues && issues.length > 0 ? { error: message, issues } : { error: message }, status, headers);
}

/** The issues of a zod error, paths joined with dots and optionally prefixed (`payload`). */
export function zodIssues(failure: z.ZodError, prefix?: string): Issue[] {
  return failure.issues.map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
    return { path, message: issue.message };
  });
}

/** 400 listing what is wrong with the request. */
export function badRequest(message: string, issues?: Issue[]): Response {
  return error(400, message, issues);
}

/** 400 from a failed `safeParse`. */
export function invalid(failure: z.ZodError, message = 'Invalid request', prefix?: string): Response {
  return badRequest(message, zodIssues(failure, prefix));
}

/** 405 with the `Allow` header listing the methods that work. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return error(405, `Method not allowed; use ${allowed.join(', ')}`, undefined, { Allow: allowed.join(', ') });
}

/** 413 for a body over `limitBytes`. */
export function payloadTooLarge(limitBytes: number): Response {
  return error(413, `Request body is larger than ${Math.round(limitBytes / 1024)} KB`);
}

/** 415 naming the content type that is expected. */
export function unsupportedMediaType(expected = 'application/json'): Response {
  return error(415, `Content-Type must be ${expected}`);
}

/** 429 with `Retry-After` in whole seconds, and `message` (with `issues`) when the reason is more than the rate. */
export function tooManyRequests(
  retryAfterSeconds: number,
  message = 'Too many requests; please try again shortly',
  issues?: Issue[],
): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error(429, message, issues, { 'Retry-After': String(seconds) });
}

/** True for `application/json` and `application/*+json`, with any parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Result of {@link readJsonBody}: the parsed value, or the answer to send instead. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** Why a string cannot be stored: Postgres text holds no NUL, and UTF-8 has no lone UTF-16 surrogate. */
export const UNSTORABLE_TEXT = 'Text must not contain NUL characters or unpaired surrogates';

/**
 * The path (dot notation, `payload.name`) of the first string in `value`, key or value, that Postgres could
 * not store, or undefined when there is none. Checked without recursion, like {@link readJsonBody}'s input.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const bad = (text: string) => text.includes('\u0000') || !text.isWellFormed();
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (bad(current)) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (bad(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Reads a JSON body of at most `maxBytes`: 415 if not JSON, 413 if too large, 400 if malformed or if a
 * string holds a NUL or a lone surrogate (with the field's path), which the database would refuse.
 */
export async function readJsonBody(req: Request, maxBytes: number = MAX_JSON_BYTES): Promise<JsonBody> {
  if (!isJsonContentType(req.headers.get('content-type'))) return { ok: false, response: unsupportedMediaType() };
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, response: payloadTooLarge(maxBytes) };
  const bytes = await readCapped(req, maxBytes);
  if (!bytes) return { ok: false, response: payloadTooLarge(maxBytes) };
  let value: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.trim() === '') return { ok: false, response: badRequest('Request body is empty') };
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, response: badRequest('Request body is not valid JSON') };
  }
  const path = unstorableTextPath(value);
  if (path !== undefined) {
    return { ok: false, response: badRequest('Invalid characters in request', [{ path, message: UNSTORABLE_TEXT }]) };
  }
  return { ok: true, value };
}

/** The body's bytes, or undefined once more than `maxBytes` arrive (the rest is never read). */
async function readCapped(req: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The raw body of at most `maxBytes`, or undefined when more arrive (the rest is never read). */
export function readBodyBytes(req: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  return readCapped(req, maxBytes);
}
