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

/**
 * The client address: Netlify's `context.ip`, which its edge takes from the connection. Request headers
 * (`X-Forwarded-For` and the like) are never read: any client can send them, and a spoofed one would
 * escape the login throttle and the rate limit. Without an address every caller shares one bucket.
 */
export function clientAddress(context?: Pick<Context, 'ip'>): string {
  return context?.ip?.trim() || 'unknown';
}

/** HMAC-SHA256 (hex) of an address under the server's key. */
export function hashAddress(address: string): string {
  return createHmac('sha256', hashKey()).update(address.toLowerCase()).digest('hex');
}

/** The keyed hash identifying the caller, from Netlify's `context.ip`. */
export function clientId(context?: Pick<Context, 'ip'>): string {
  return hashAddress(clientAddress(context));
}
