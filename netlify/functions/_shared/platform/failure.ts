/**
 * What a function answers when something past validation fails: a misconfigured deployment (500), an unreachable
 * or unset database (503), anything else (500). Kept apart from the staff-only code, so public functions answer
 * the same way without bundling the session and token code.
 */
import { DatabaseNotConfiguredError } from './db.ts';
import { error } from './http.ts';
import { logFailure } from './log.ts';

/** Shortest accepted `JWT_SECRET`, in bytes (HS256 wants at least its 256-bit output). */
export const MIN_SECRET_BYTES = 32;

/** Raised when `JWT_SECRET` is missing or short: the deployment is wrong, so nothing may run. */
export class SecretNotConfiguredError extends Error {
  constructor() {
    super(`JWT_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes`);
    this.name = 'SecretNotConfiguredError';
  }
}

/** The answer for an unexpected failure past validation; logs its kind (never what was sent). */
export function failureAnswer(failure: unknown, where: string): Response {
  logFailure(where, failure);
  if (failure instanceof SecretNotConfiguredError) return error(500, 'The server is not configured');
  const code = (failure as { code?: unknown } | null)?.code;
  if (failure instanceof DatabaseNotConfiguredError || typeof code === 'string') {
    return error(503, 'The service is temporarily unavailable; please try again later');
  }
  return error(500, 'Something went wrong on the server');
}
