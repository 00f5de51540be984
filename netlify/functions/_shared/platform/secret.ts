/**
 * The server's signing secret, `JWT_SECRET`: staff tokens (auth.ts) and the newsletter's signed links
 * (subscriber-tokens.ts) use it. Apart from the token code, so public functions sign links without bundling it.
 */
import { MIN_SECRET_BYTES, SecretNotConfiguredError } from './failure.ts';

let cached: { value: string; key: Uint8Array } | undefined;

/** The signing key from `JWT_SECRET`, read at call time; throws when it is missing or short. */
export function signingKey(): Uint8Array {
  const value = process.env['JWT_SECRET'] ?? '';
  if (cached?.value === value) return cached.key;
  const key = new TextEncoder().encode(value);
  if (key.byteLength < MIN_SECRET_BYTES) throw new SecretNotConfiguredError();
  cached = { value, key };
  return key;
}
