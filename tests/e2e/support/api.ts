import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../../support/e2e/accounts.ts';

// One sign-in per test worker: a login costs a deliberately slow password hash.
let cachedToken: Promise<string> | undefined;

/** Signs in as the e2e staff account (once per worker) and returns its bearer token. */
export function staffToken(request: APIRequestContext): Promise<string> {
  cachedToken ??= (async () => {
    const response = await request.post('/api/auth/login', { data: e2eAdmin });
    expect(response.status(), 'staff login').toBe(200);
    return ((await response.json()) as { token: string }).token;
  })();
  cachedToken.catch(() => (cachedToken = undefined));
  return cachedToken;
}

/** Reads one admin list (`contacts`, `newsletter`, `volunteers`, `donations`, `events`, …), newest first. */
export async function staffList<T = Record<string, unknown>>(
  request: APIRequestContext,
  resource: string,
): Promise<T[]> {
  const token = await staffToken(request);
  const response = await request.get(`/api/admin/${resource}?limit=500`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), `GET /api/admin/${resource}`).toBe(200);
  const body = (await response.json()) as Record<string, T[]> | T[];
  return Array.isArray(body) ? body : (body[resource] ?? []);
}

/** Polls an admin list until a row matches (tracking calls are fire-and-forget). */
export async function expectStaffRow<T = Record<string, unknown>>(
  request: APIRequestContext,
  resource: string,
  matches: (row: T) => boolean,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(async () => (found = (await staffList<T>(request, resource)).find(matches)) !== undefined, {
      message: `a matching row in ${resource}`,
    })
    .toBe(true);
  return found!;
}

/** Posts a public tracking call from the page, as the public forms do, and expects it accepted (202). */
export async function trackFromPage(page: Page, type: string, payload: Record<string, unknown>): Promise<void> {
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/admin/track', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    return `${response.status} ${await response.text()}`;
  }, JSON.stringify({ type, payload }));
  expect(answer, `track ${type}`).toMatch(/^202 /);
}
