/**
 * Revocable sessions and the audit's bad-input cases over HTTP against `npm start` (issue 14). A password change
 * ends every session of the account, so it is proven in staff-account.spec.ts, which runs after all other specs.
 */
import { expect, test } from '@playwright/test';
import { e2eAdmin } from './support/admin.ts';
import { adminStatuses, CLOSED, OPEN, signInOverHttp, streamStatus, streamTokenOf } from './support/sessions.ts';

test('logout ends its own session on every admin endpoint, backup and live stream included; the other session goes on', async ({
  request,
  baseURL,
}) => {
  const first = await signInOverHttp(request, e2eAdmin);
  const second = await signInOverHttp(request, e2eAdmin);
  const firstStream = await streamTokenOf(request, first);
  const stats = (token: string) => request.get('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } });
  expect((await stats(first)).status()).toBe(200);
  expect(await streamStatus(baseURL!, firstStream)).toBe(200);

  const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${first}` } });
  expect(out.status()).toBe(204);
  expect(await adminStatuses(request, first)).toEqual(CLOSED);
  expect(await streamStatus(baseURL!, firstStream)).toBe(401);

  expect(await adminStatuses(request, second)).toEqual(OPEN);
  expect(await streamStatus(baseURL!, await streamTokenOf(request, second))).toBe(200);
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${second}` } });
});

test('accepts the bearer scheme in any letter case', async ({ request }) => {
  const token = await signInOverHttp(request, e2eAdmin);
  for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
    const res = await request.get('/api/admin/stats', { headers: { authorization: `${scheme} ${token}` } });
    expect(res.status(), scheme).toBe(200);
  }
  await request.post('/api/auth/logout', { headers: { authorization: `bearer ${token}` } });
});

test('answers 400 naming the field for a NUL byte or a lone surrogate, on public, sign-in and admin endpoints', async ({
  request,
}) => {
  const token = await signInOverHttp(request, e2eAdmin);
  const json = { 'content-type': 'application/json' };
  const cases = [
    {
      res: await request.post('/api/admin/track', {
        headers: json,
        data: '{"type":"contact_submit","payload":{"name":"Ann\\u0000","email":"a@b.org","subject":"s","message":"m"}}',
      }),
      path: 'payload.name',
    },
    {
      res: await request.post('/api/auth/login', { headers: json, data: '{"username":"staff\\ud800","password":"x"}' }),
      path: 'username',
    },
    {
      res: await request.post('/api/admin/programs', {
        headers: { ...json, authorization: `Bearer ${token}` },
        data: '{"title":"T","slug":"nul-test","content":"\\udfff"}',
      }),
      path: 'content',
    },
  ];
  for (const { res, path } of cases) {
    expect(res.status(), path).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid characters in request',
      issues: [{ path, message: 'Text must not contain NUL characters or unpaired surrogates' }],
    });
  }
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
});

// The local server replaces a client's X-Forwarded-For with the socket's address (functions-dev makes context.ip of it).
test('a spoofed X-Forwarded-For does not escape the login throttle', async ({ request }) => {
  const username = `spoof-${Date.now()}`;
  for (let i = 0; i < 5; i += 1) {
    const res = await request.post('/api/auth/login', {
      data: { username, password: 'wrong' },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    expect(res.status()).toBe(401);
  }
  const sixth = await request.post('/api/auth/login', {
    data: { username, password: 'wrong' },
    headers: { 'x-forwarded-for': '203.0.113.200' },
  });
  expect(sixth.status()).toBe(429);
});
