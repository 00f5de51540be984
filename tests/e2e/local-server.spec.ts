/**
 * The local server behind `npm start`: each function is built once, when the server starts, and later
 * calls reuse that build instead of building it again; text goes out compressed, as Netlify's CDN sends it.
 */
import { readdir, stat } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { e2eBaseURL, e2ePort } from '../../support/e2e/server.ts';

/**
 * Where the server under test keeps its function builds (scripts/serve.ts): `build-1` is the one made at start, and
 * each later build gets a folder of its own (scripts/lib/local-functions.ts).
 */
const builds = `.netlify/functions-serve/port-${e2ePort}`;
const built = (name: string) => `${builds}/build-1/${name}/netlify/functions/${name}.mjs`;

test('answers function calls from the build made at start, without building again', async ({ request }) => {
  const foldersBefore = await readdir(builds);
  const before = await stat(built('admin-stats'));
  for (let call = 0; call < 3; call += 1) {
    expect((await request.get('/api/admin/stats')).status()).toBe(401);
  }
  expect(await readdir(builds)).toEqual(foldersBefore);
  const after = await stat(built('admin-stats'));
  expect(after.mtimeMs).toBe(before.mtimeMs);
  expect(after.ino).toBe(before.ino);
});

/** GET as the bytes sent (fetch and Playwright's request would decode them). */
function rawGet(
  path: string,
  encoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${e2eBaseURL}${path}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('compresses text as the CDN does: Brotli or gzip that decode to the file itself, and nothing for images', async ({
  request,
}) => {
  const html = await (await request.get('/about/', { headers: { 'accept-encoding': 'identity' } })).text();
  const assets = [...new Set(Array.from(html.matchAll(/"(\/_astro\/[^"]+\.(?:js|css))"/g), (match) => match[1]!))];
  expect(assets.length, 'scripts and styles of /about/').toBeGreaterThan(2);
  for (const asset of assets) {
    const plain = await rawGet(asset, 'identity');
    expect(plain.headers['content-encoding'], `${asset} asked for as it is`).toBeUndefined();
    const file = plain.body;
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the server's cache of compressed files and must be the same.
      for (let round = 1; round <= 2; round += 1) {
        const { headers, body } = await rawGet(asset, encoding);
        const label = `${asset} as ${encoding}, round ${round}`;
        expect(headers['content-encoding'], label).toBe(encoding);
        expect(Number(headers['content-length']), label).toBe(body.length);
        expect(decode(body).equals(file), label).toBe(true);
      }
    }
  }
  const image = /src="(\/_astro\/[^"]+\.(?:avif|webp|jpg))"/.exec(html)?.[1];
  expect(image, 'an image of /about/').toBeDefined();
  const picture = await rawGet(image!, 'br');
  expect(picture.status).toBe(200);
  expect(picture.headers['content-encoding']).toBeUndefined();
});
