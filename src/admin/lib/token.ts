/** The claims of a JWT, read without checking its signature; null when it is not a JWT. */
function claimsOf(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (token.split('.').length !== 3 || !part) return null;
  try {
    const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the `exp` claim (seconds since the epoch) of a JWT without checking its signature; null when it has none or is not a JWT. */
export function tokenExpiry(token: string): number | null {
  const exp = claimsOf(token)?.['exp'];
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** The username a token was issued to (its `sub` claim), or '' when it cannot be read. */
export function tokenSubject(token: string | null | undefined): string {
  const sub = token ? claimsOf(token)?.['sub'] : undefined;
  return typeof sub === 'string' ? sub : '';
}

/** True when the token is a JWT whose expiry is still ahead of `nowMs` (the server remains the judge of its signature). */
export function isTokenUnexpired(token: string | null | undefined, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}

/** Milliseconds until the token expires (0 when it already has or cannot be read). */
export function msUntilExpiry(token: string, nowMs: number = Date.now()): number {
  const exp = tokenExpiry(token);
  return exp === null ? 0 : Math.max(0, exp * 1000 - nowMs);
}
