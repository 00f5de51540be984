/**
 * The one place provider signatures are made and checked: Paystack signs each webhook with the hex HMAC-SHA512 of
 * the raw request body, keyed with the secret key. Checked over the bytes as they arrived (a re-serialised body
 * signs differently) and compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hex HMAC-SHA512 of `body` with `secret`, as Paystack sends it in `x-paystack-signature`. */
export function paystackSignature(body: Uint8Array | string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** True when `header` is the signature of exactly these bytes with `secret`. */
export function verifyPaystackSignature(body: Uint8Array, header: string | null, secret: string): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header.trim())) return false;
  const expected = Buffer.from(paystackSignature(body, secret), 'hex');
  const given = Buffer.from(header.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
