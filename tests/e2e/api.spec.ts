/**
 * The whole HTTP API walked over the network against `npm start` (with ADMIN_USERNAME / ADMIN_PASSWORD set by
 * playwright.config.ts): sign-in and its throttle, the staff guard, every list, stats, the content endpoints,
 * list-and-delete, uploads and the public file, the backup, the live stream and the audit trail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { e2eRunDir } from '../../support/e2e/server.ts';
import { downloadBackup } from './support/backup.ts';

const LISTS = [
  'events',
  'contacts',
  'newsletter',
  'volunteers',
  'programs',
  'blog',
  'donations',
  'media',
  'children',
  'calendar',
  'team',
  'gifts',
] as const;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const tag = () => randomBytes(4).toString('hex');

type Json = Record<string, unknown>;

async function signIn(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

function expectStaffHeaders(res: APIResponse): void {
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['access-control-allow-origin']).toBeUndefined();
}

test.describe('admin API over HTTP', () => {
  let token: string;
  let auth: Record<string, string>;
  test.beforeAll(async ({ request }) => {
    token = await signIn(request);
    auth = { Authorization: `Bearer ${token}` };
  });

  test('signs in, refuses a wrong password like an unknown user, and throttles after 5 failures', async ({
    request,
  }) => {
    const name = `nobody-${tag()}`;
    const wrong = await request.post('/api/auth/login', {
      data: { username: e2eAdmin.username, password: `x${tag()}` },
    });
    const unknown = await request.post('/api/auth/login', { data: { username: name, password: 'whatever' } });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'Invalid username or password' });
    expect(await wrong.json()).toEqual(await unknown.json());
    expect((await request.post('/api/auth/login', { data: { username: 'x' } })).status()).toBe(400);
    expect((await request.get('/api/auth/login')).status()).toBe(405);
    for (let i = 0; i < 4; i += 1)
      await request.post('/api/auth/login', { data: { username: name, password: 'whatever' } });
    const blocked = await request.post('/api/auth/login', { data: { username: name, password: 'whatever' } });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
  });

  test('refuses every admin call without a valid token', async ({ request }) => {
    for (const path of [...LISTS.map((list) => `/api/admin/${list}`), '/api/admin/stats']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(401);
      expectStaffHeaders(res);
      expect(Object.keys((await res.json()) as Json)).toEqual(['error']);
    }
    const forged = await request.get('/api/admin/programs', {
      headers: { Authorization: `Bearer ${token.slice(0, -4)}AAAA` },
    });
    expect(forged.status()).toBe(401);
    expect((await request.post('/api/admin/db/backup')).status()).toBe(401);
    expect((await request.post('/api/admin/media/upload')).status()).toBe(401);
    expect((await request.get(`/api/admin/events/stream?token=${token}`)).status()).toBe(401);
  });

  test('lists every resource wrapped in its name, and counts them', async ({ request }) => {
    for (const list of LISTS) {
      const res = await request.get(`/api/admin/${list}?limit=5`, { headers: auth });
      expect(res.status(), list).toBe(200);
      expectStaffHeaders(res);
      const body = (await res.json()) as Json;
      expect(Array.isArray(body[list]), list).toBe(true);
      expect(body).toHaveProperty('nextCursor');
    }
    expect((await request.get('/api/admin/events?limit=501', { headers: auth })).status()).toBe(400);
    const stats = (await (await request.get('/api/admin/stats', { headers: auth })).json()) as Json;
    expect(Object.keys(stats).sort()).toEqual([...LISTS].sort());
    expect(Object.values(stats).every((n) => typeof n === 'number')).toBe(true);
  });

  const content = {
    programs: {
      single: 'program',
      body: (t: string) => ({ title: `Program ${t}`, slug: `program-${t}`, summary: 's', content: 'c', image: '' }),
    },
    blog: {
      single: 'post',
      body: (t: string) => ({ title: `Post ${t}`, slug: `post-${t}`, excerpt: 'e', content: 'c', cover: '' }),
    },
    media: { single: 'media', body: (t: string) => ({ name: `Media ${t}`, url: '/media/1/x.png', meta: { alt: t } }) },
  } as const;

  for (const [resource, { single, body: make }] of Object.entries(content)) {
    test(`creates, reads, updates and deletes ${resource}, with clear 4xx answers`, async ({ request }) => {
      // Every local call runs in a fresh function worker, so a dozen calls take a while.
      const body: Json = make(tag());
      const created = await request.post(`/api/admin/${resource}`, { headers: auth, data: body });
      expect(created.status()).toBe(201);
      expectStaffHeaders(created);
      const row = ((await created.json()) as Json)[single] as Json;
      expect(row).toMatchObject(body);
      const path = `/api/admin/${resource}/${String(row['id'])}`;
      expect(((await (await request.get(path, { headers: auth })).json()) as Json)[single]).toEqual(row);
      const label = 'title' in body ? 'title' : 'name';
      const updated = await request.put(path, { headers: auth, data: { ...body, [label]: `${String(body[label])}!` } });
      expect(updated.status()).toBe(200);
      expect((((await updated.json()) as Json)[single] as Json)[label]).toBe(`${String(body[label])}!`);
      if ('slug' in body) {
        const duplicate = await request.post(`/api/admin/${resource}`, { headers: auth, data: body });
        expect(duplicate.status()).toBe(409);
      }
      const invalid = await request.post(`/api/admin/${resource}`, { headers: auth, data: { ...body, [label]: '' } });
      expect(invalid.status()).toBe(400);
      expect(((await invalid.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
        label,
      ]);
      expect((await request.get(`/api/admin/${resource}/abc`, { headers: auth })).status()).toBe(400);
      expect((await request.delete(path, { headers: auth })).status()).toBe(204);
      expect((await request.get(path, { headers: auth })).status()).toBe(404);
    });
  }

  test('lists and deletes what the public forms sent', async ({ request }) => {
    const email = `e2e-${tag()}@example.org`;
    const sent = await request.post('/api/admin/track', {
      data: { type: 'contact_submit', payload: { name: 'E2E', email, subject: 'Hello', message: 'From the API test' } },
    });
    expect(sent.status()).toBe(202);
    const contacts = (
      (await (await request.get('/api/admin/contacts?limit=500', { headers: auth })).json()) as { contacts: Json[] }
    ).contacts;
    const contact = contacts.find((row) => row['email'] === email);
    expect(contact).toMatchObject({ name: 'E2E', subject: 'Hello', message: 'From the API test' });
    expect((await request.delete(`/api/admin/contacts/${String(contact?.['id'])}`, { headers: auth })).status()).toBe(
      204,
    );
    expect((await request.post('/api/admin/contacts', { headers: auth, data: {} })).status()).toBe(405);
  });

  test('uploads a picture by its bytes and serves it publicly; refuses SVG and big files', async ({ request }) => {
    const upload = (name: string, mimeType: string, buffer: Buffer) =>
      request.post('/api/admin/media/upload', { headers: auth, multipart: { file: { name, mimeType, buffer } } });
    const res = await upload('Logo Renamed.pdf', 'application/pdf', PNG);
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/media\/\d+\/logo-renamed\.png$/);
    const served = await request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('logo.svg', 'image/svg+xml', svg)).status()).toBe(415);
    const big = Buffer.alloc(5 * 1024 * 1024);
    PNG.copy(big);
    expect((await upload('big.png', 'image/png', big)).status()).toBe(413);
  });

  test('makes a backup in the background and downloads it: every table but the staff accounts and sessions', async ({
    request,
  }) => {
    const { job, res } = await downloadBackup(request, auth);
    expect(res.status()).toBe(200);
    const file = res.headers()['x-backup-filename'];
    expect(file).toBe(job.file);
    expect(file).toMatch(/^backup-\d{8}T\d{6}Z\.json$/);
    expect(res.headers()['content-disposition']).toBe(`attachment; filename="${file}"`);
    const backup = (await res.json()) as { format: string; tables: Record<string, unknown[]> };
    expect(backup.format).toBe('watoto-backup');
    expect(Object.keys(backup.tables)).toEqual(expect.arrayContaining(['events', 'programs', 'uploads']));
    expect(Object.keys(backup.tables)).not.toContain('admin_users');
    expect(Object.keys(backup.tables)).not.toContain('admin_sessions');
  });

  test("an upload's bytes live in the site's local blob store, listed by the backup and removed with the entry", async ({
    request,
  }) => {
    // A PNG with bytes of its own after the image, so this run's file is told apart from any other.
    const picture = Buffer.concat([PNG, Buffer.from(tag())]);
    const sha256 = createHash('sha256').update(picture).digest('hex');
    const uploaded = await request.post('/api/admin/media/upload', {
      headers: auth,
      multipart: { file: { name: 'blob-check.png', mimeType: 'image/png', buffer: picture } },
    });
    expect(uploaded.status()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    // The store is Netlify's local blob server on the data folder of the site (support/blobs/local-blobs.ts).
    const stored = async () => {
      const folder = join(e2eRunDir, 'site', 'blobs');
      const files = await readdir(folder, { recursive: true, withFileTypes: true });
      const contents = await Promise.all(
        files.filter((file) => file.isFile()).map((file) => readFile(join(file.parentPath, file.name))),
      );
      return contents.some((content) => Buffer.compare(content, picture) === 0);
    };
    expect(await stored()).toBe(true);

    const backup = (await (await downloadBackup(request, auth)).res.json()) as {
      version: number;
      blobs: { name: string; sha256: string; data: string }[];
    };
    expect(backup.version).toBe(2);
    const listed = backup.blobs.find((entry) => entry.sha256 === sha256);
    expect(listed?.name).toBe('blob-check.png');
    expect(Buffer.compare(Buffer.from(listed?.data ?? '', 'base64'), picture)).toBe(0);

    const { media } = (await (await request.get('/api/admin/media', { headers: auth })).json()) as {
      media: { id: string; url: string }[];
    };
    const entry = media.find((item) => item.url === url);
    expect((await request.delete(`/api/admin/media/${entry?.id}`, { headers: auth })).status()).toBe(204);
    expect((await request.get(url)).status()).toBe(404);
    expect(await stored()).toBe(false);
  });

  test('streams live events: the latest first, then a new one within 2 s, with the audit trail', async ({
    request,
    baseURL,
  }) => {
    const streamToken = (
      (await (await request.post('/api/admin/events/stream-token', { headers: auth })).json()) as { token: string }
    ).token;
    const abort = new AbortController();
    const res = await fetch(new URL(`/api/admin/events/stream?token=${streamToken}`, baseURL), {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const waitFor = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${pattern} within ${ms} ms; got:\n${text.slice(-2000)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk && !chunk.done) text += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await waitFor(/event: initial_events\n/, 10_000);
      const slug = `live-${tag()}`;
      const created = await request.post('/api/admin/programs', { headers: auth, data: { title: 'Live', slug } });
      expect(created.status()).toBe(201);
      // The event is stored by the time the create answers; the stream must carry it within 2 s of that.
      await waitFor(new RegExp(`event: new_event\\ndata: .*"admin\\.programs\\.create".*"${slug}"`), 2_000);
      await waitFor(/event: resource_changed\ndata: \{"type":"resource_changed","resource":"programs"\}/, 2_000);
      const id = ((await created.json()) as { program: Json }).program['id'];
      await request.delete(`/api/admin/programs/${String(id)}`, { headers: auth });
    } finally {
      abort.abort();
    }

    await request.post('/api/auth/login', { data: { username: `nobody-${tag()}`, password: 'wrong' } });
    const events = (
      (await (await request.get('/api/admin/events?limit=500', { headers: auth })).json()) as { events: Json[] }
    ).events;
    const types = new Set(events.map((event) => event['type']));
    for (const type of ['admin.login', 'admin.login_failed', 'admin.programs.create', 'admin.programs.delete']) {
      expect(types, type).toContain(type);
    }
    const login = events.find((event) => event['type'] === 'admin.login');
    expect((login?.['payload'] as Json)['actor']).toBe(e2eAdmin.username);
  });
});
