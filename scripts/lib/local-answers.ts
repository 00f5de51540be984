/**
 * What the local server answers itself: requests no route should see, refused with the reason; its own answers, with
 * netlify.toml's headers for their path as every answer has; the redirects of the published folder's `_redirects`.
 */
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { NetlifyDev } from '@netlify/dev';
import type { LocalFunctions } from './local-functions.ts';
import type { HeadersHandler } from '@netlify/headers';
import { LOCAL_BUILD_HOOK_PATH } from './local-builds.ts';

/** A redirect a rule of the published folder's `_redirects` asks for. */
export interface PublishedRedirect {
  status: number;
  location: string;
}

/**
 * The rules of `dist/_redirects` (a story's earlier addresses), read again whenever a build has replaced the file:
 * Netlify reads it from the published folder, @netlify/dev only the project's own, once. Asked only for a path
 * nothing else answers, as Netlify applies a rule that is not forced only where no file is.
 */
export function publishedRedirects(
  RedirectsHandler: typeof import('@netlify/redirects').RedirectsHandler,
  dist: string,
): (request: Request) => Promise<PublishedRedirect | undefined> {
  const file = join(dist, '_redirects');
  let loaded: { changed: number; handler: InstanceType<typeof RedirectsHandler> } | undefined;
  return async (request) => {
    const changed = await stat(file).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (changed === undefined) return undefined;
    if (loaded?.changed !== changed) {
      const handler = new RedirectsHandler({
        configRedirects: [],
        projectDir: dist,
        publicDir: dist,
        jwtRoleClaim: '',
        jwtSecret: '',
      });
      loaded = { changed, handler };
    }
    const match = await loaded.handler.match(request);
    if (!match?.redirect || match.external) return undefined;
    return { status: match.statusCode, location: match.targetRelative };
  };
}

/** What answers requests. */
export interface LocalSite {
  netlify: NetlifyDev;
  functions: LocalFunctions;
  notFoundPage: Buffer;
  /** netlify.toml's header rules, for the answers the server makes itself. */
  headers: HeadersHandler;
  /** The redirect `dist/_redirects` asks for at a path nothing else answers, if any. */
  redirects: (request: Request) => Promise<PublishedRedirect | undefined>;
  /** Runs a read of `dist/` apart from the swap of a rebuilt site (scripts/lib/swap-gate.ts). */
  readSite: <T>(work: () => Promise<T>) => Promise<T>;
  /** True when the server listens on this machine only: it then answers only requests naming this machine. */
  loopbackOnly: boolean;
}

/** True for a name or address of this machine's loopback: `localhost`, 127.x.x.x, `::1` (a port may follow). */
export function isLoopback(host: string): boolean {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The methods the site and its functions answer; anything else (TRACE, CONNECT, …) gets 405. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Paths only this machine's owner calls: the local build hook, and the scheduled and event functions' own URLs. */
function isLocalOnly(pathname: string): boolean {
  return pathname === LOCAL_BUILD_HOOK_PATH || pathname.startsWith('/.netlify/functions/');
}

/**
 * True for a call made by a page of another site (a form or a script there): browsers say where a call comes from in
 * `Sec-Fetch-Site` and `Origin`; a call from a terminal (curl) or the site's own pages says neither or itself.
 */
function fromAnotherSite(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  return origin !== undefined && origin !== `http://${req.headers.host ?? ''}`;
}

/**
 * Answers what no route should see, and says so: a method the site does not use (405), a path that is not valid
 * percent-encoding (400), a local-only path called from another site (403), and, on a server for this machine only,
 * a request naming another host (403: a page of another site reaching it through DNS rebinding, or a forged Host the
 * functions would take as the site's own address). False when the request may go on.
 */
export async function refuse(site: LocalSite, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (site.loopbackOnly && !isLoopback(req.headers.host ?? '')) {
    await ownAnswer(site, req, res, 403, 'Forbidden: this server answers requests for localhost only');
    return true;
  }
  if (!METHODS.includes(req.method ?? '')) {
    await ownAnswer(site, req, res, 405, 'Method not allowed', { allow: METHODS.join(', ') });
    return true;
  }
  let pathname: string;
  try {
    pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    decodeURIComponent(pathname);
  } catch {
    await ownAnswer(site, req, res, 400, 'Bad request: the path is not valid percent-encoding');
    return true;
  }
  if (isLocalOnly(pathname) && fromAnotherSite(req)) {
    await ownAnswer(site, req, res, 403, 'Forbidden: this address only answers calls from this machine');
    return true;
  }
  return false;
}

/** An answer of the server itself, with netlify.toml's headers for the path (the security headers among them). */
export async function ownAnswer(
  site: LocalSite,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  extra: Record<string, string> = {},
): Promise<void> {
  // An unreadable path gets the site-wide rules.
  const path = URL.parse(req.url ?? '/', 'http://localhost')?.pathname ?? '/';
  const rules = await site.headers.apply(new Request(`http://localhost${path}`));
  res.writeHead(status, {
    ...rules,
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
