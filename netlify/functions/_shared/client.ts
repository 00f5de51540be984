/**
 * Who is calling, as a keyed hash of the client address: enough to rate-limit and throttle,
 * while no IP address is ever stored or logged in clear.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';

let fallbackKey: string | undefined;

/** The HMAC key: `IP_HASH_KEY`, else `JWT_SECRET`, else a per-process random key (limits then reset per process). */
function hashKey(): string {
  const key = process.env['IP_HASH_KEY'] || process.env['JWT_SECRET'];
  if (key) return key;
  fallbackKey ??= randomBytes(32).toString('hex');
  return fallbackKey;
}

/** The client address: Netlify's `context.ip`, else its connection header, else the first `X-Forwarded-For` hop. */
export function clientAddress(req: Request, context?: Pick<Context, 'ip'>): string {
  const fromContext = context?.ip;
  if (fromContext) return fromContext;
  const netlify = req.headers.get('x-nf-client-connection-ip');
  if (netlify) return netlify.trim();
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}

/** HMAC-SHA256 (hex) of an address under the server's key. */
export function hashAddress(address: string): string {
  return createHmac('sha256', hashKey()).update(address.toLowerCase()).digest('hex');
}

/** The keyed hash identifying the caller of `req`. */
export function clientId(req: Request, context?: Pick<Context, 'ip'>): string {
  return hashAddress(clientAddress(req, context));
}
