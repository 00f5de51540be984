/**
 * A story's address on both databases: changing a story's slug keeps the old one for the redirect the build writes,
 * audits both addresses, and the content loader carries the earlier slugs; changing back, or another story taking
 * an old slug, never leaves a redirect away from a live story.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import blog from '../../netlify/functions/admin-blog.ts';
import { loadPublished } from '../../src/loaders/database.ts';
import { ADMIN_TABLES, call, staffToken, useJwtSecret } from '../support/admin.ts';
import { post, upload } from '../support/blog-posts.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { loaderContext } from '../support/loader-context.ts';

type Json = Record<string, unknown>;

describe.each(databases)("a story's address on $name", (database) => {
  useDatabase(database);
  useJwtSecret();
  let token: string;
  let cacheDir: string;

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'watoto-slugs-'));
  });
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    delete process.env['NETLIFY_BUILD_HOOK_URL'];
    await truncate(database, ADMIN_TABLES);
    token = await staffToken('staff');
  });

  const history = () =>
    rows(database, 'select old_slug, post_id::text as post_id from blog_slug_history order by old_slug');

  async function create(json: Json): Promise<string> {
    const res = await call(blog, 'POST', '/api/admin/blog', { token, json });
    expect(res.status).toBe(201);
    return String(((await res.json()) as { post: Json }).post['id']);
  }
  const update = (id: string, json: Json) => call(blog, 'PUT', `/api/admin/blog/${id}`, { token, json });

  /** The earlier slugs the content loader gives each published story. */
  async function formerSlugs(): Promise<Record<string, unknown>> {
    const { context: ctx, entries } = loaderContext(cacheDir);
    await loadPublished('blog', ctx, database);
    return Object.fromEntries([...entries].map(([id, entry]) => [id, (entry['data'] as Json)['formerSlugs']]));
  }

  test('changing the slug keeps the old one for the redirect, audits both addresses, and the loader carries it', async () => {
    const cover = await upload(database);
    const id = await create(post('reading-weak', cover, { title: 'Reading Weak' }));
    expect(await history()).toEqual([]);

    const fixed = await update(id, post('reading-week', cover, { title: 'Reading Week' }));
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as { post: Json }).post['slug']).toBe('reading-week');
    expect(await history()).toEqual([{ old_slug: 'reading-weak', post_id: id }]);
    const trail = await rows<{ payload: Json }>(
      database,
      `select payload from events where type = 'admin.blog.update' and payload ? 'previous_slug'`,
    );
    expect(trail.map((event) => event.payload)).toEqual([
      {
        actor: 'staff',
        id,
        title: 'Reading Week',
        slug: 'reading-week',
        previous_slug: 'reading-weak',
        change:
          'address changed from /blog/reading-weak/ to /blog/reading-week/; the old address redirects after the next build',
      },
    ]);
    expect(await formerSlugs()).toEqual({ 'reading-week': ['reading-weak'] });

    // An edit that keeps the slug records nothing more.
    expect((await update(id, post('reading-week', cover, { title: 'Reading Week!' }))).status).toBe(200);
    expect(await history()).toEqual([{ old_slug: 'reading-weak', post_id: id }]);
  });

  test('changing back, or another story taking an old slug, never leaves a redirect away from a live story', async () => {
    const cover = await upload(database);
    const id = await create(post('reading-weak', cover));
    await update(id, post('reading-week', cover));
    await update(id, post('reading-weak', cover));
    // Back at its first address: only the second one leads to it.
    expect(await history()).toEqual([{ old_slug: 'reading-week', post_id: id }]);
    expect(await formerSlugs()).toEqual({ 'reading-weak': ['reading-week'] });

    const other = await create(post('reading-week', cover));
    expect(await history()).toEqual([]);
    expect(await formerSlugs()).toEqual({ 'reading-weak': [], 'reading-week': [] });
    expect(other).not.toBe(id);

    // Deleting a story forgets its earlier addresses.
    await update(other, post('reading-month', cover));
    expect(await history()).toEqual([{ old_slug: 'reading-week', post_id: other }]);
    expect((await call(blog, 'DELETE', `/api/admin/blog/${other}`, { token })).status).toBe(204);
    expect(await history()).toEqual([]);
  });
});
