/**
 * Revocable sessions over HTTP: signing in, and the status every admin endpoint (backup and the live stream
 * included) answers a token with.
 */
import { expect, type APIRequestContext } from '@playwright/test';

const LISTS = ['events', 'contacts', 'newsletter', 'volunteers', 'programs', 'blog', 'donations', 'media'] as const;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in over HTTP and returns the new session's token. */
export async function signInOverHttp(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<string> {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), 'sign-in').toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A stream token made from a session token. */
export async function streamTokenOf(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/admin/events/stream-token', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), 'stream token').toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The status the live stream answers for `streamToken` (the stream itself is not read). */
export async function streamStatus(baseURL: string, streamToken: string): Promise<number> {
  const stop = new AbortController();
  const res = await fetch(new URL(`/api/admin/events/stream?token=${streamToken}`, baseURL), { signal: stop.signal });
  stop.abort();
  return res.status;
}

/** The status of every admin endpoint for `token`, by endpoint. */
export async function adminStatuses(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const headers = { authorization: `Bearer ${token}` };
  const out: Record<string, number> = {};
  for (const list of LISTS) out[list] = (await request.get(`/api/admin/${list}?limit=1`, { headers })).status();
  out['stats'] = (await request.get('/api/admin/stats', { headers })).status();
  out['sessions'] = (await request.get('/api/admin/account/sessions', { headers })).status();
  out['backup'] = (await request.post('/api/admin/db/backup', { headers })).status();
  out['stream-token'] = (await request.post('/api/admin/events/stream-token', { headers })).status();
  out['upload'] = (
    await request.post('/api/admin/media/upload', {
      headers,
      multipart: { file: { name: 'session.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).status();
  return out;
}

/** What {@link adminStatuses} gives for a live token. */
export const OPEN = {
  ...Object.fromEntries(LISTS.map((list) => [list, 200])),
  stats: 200,
  sessions: 200,
  // A backup starts in the background: 202 with its job.
  backup: 202,
  'stream-token': 200,
  upload: 201,
};

/** What {@link adminStatuses} gives for a token whose session ended. */
export const CLOSED = Object.fromEntries(Object.keys(OPEN).map((name) => [name, 401]));
