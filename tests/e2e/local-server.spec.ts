/**
 * The local server behind `npm start` (issue 13): each function is built once, when the server starts, and later
 * calls reuse that build instead of building it again.
 */
import { stat } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { e2ePort } from './support/server.ts';

/** Where the server under test keeps its function builds (scripts/serve.ts). */
const built = (name: string) => `.netlify/functions-serve/port-${e2ePort}/${name}/netlify/functions/${name}.mjs`;

test('answers function calls from the build made at start, without building again', async ({ request }) => {
  const before = await stat(built('admin-stats'));
  for (let call = 0; call < 3; call += 1) {
    expect((await request.get('/api/admin/stats')).status()).toBe(401);
  }
  const after = await stat(built('admin-stats'));
  expect(after.mtimeMs).toBe(before.mtimeMs);
  expect(after.ino).toBe(before.ino);
});
