/**
 * Publishing from /samu: the content loader on both databases, slug clashes with committed files, the debounced
 * build hook and the state the dashboard shows, Netlify's deploy events, and media that published items use.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeploySucceededEvent } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import blog from '../../netlify/functions/admin-blog.ts';
import media from '../../netlify/functions/admin-media.ts';
import programs from '../../netlify/functions/admin-programs.ts';
import deployEvents from '../../netlify/functions/deploy-events.ts';
import { recordBuild } from '../../netlify/functions/_shared/content/site-builds.ts';
import { NO_HOOK_MESSAGE } from '../../netlify/functions/_shared/content/build-hook.ts';
import { transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { recordContentFiles } from '../../scripts/deploy/content-files.ts';
import { buildDatabase, loadPublished } from '../../src/loaders/database.ts';
import {
  ADMIN_TABLES,
  bytesOf,
  call,
  callInBackground,
  staffToken,
  useJwtSecret,
  type Handler,
} from '../support/admin.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { post, upload } from '../support/blog-posts.ts';
import { startHook } from '../support/build-hook.ts';
import { loaderContext } from '../support/loader-context.ts';

type Json = Record<string, unknown>;

async function listed(handler: Handler, resource: string, token: string): Promise<Json[]> {
  const res = await call(handler, 'GET', `/api/admin/${resource}`, { token });
  return ((await res.json()) as Record<string, Json[]>)[resource] ?? [];
}

describe.each(databases)('publishing on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  let token: string;
  let cacheDir: string;
  const savedEnv = { hook: process.env['NETLIFY_BUILD_HOOK_URL'], debounce: process.env['BUILD_HOOK_DEBOUNCE_MS'] };

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'watoto-loader-'));
    process.env['BUILD_HOOK_DEBOUNCE_MS'] = '150';
  });
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true });
    for (const [key, value] of [
      ['NETLIFY_BUILD_HOOK_URL', savedEnv.hook],
      ['BUILD_HOOK_DEBOUNCE_MS', savedEnv.debounce],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  beforeEach(async () => {
    delete process.env['NETLIFY_BUILD_HOOK_URL'];
    await truncate(database, ADMIN_TABLES);
    // Truncating ends every staff session, so each test signs in anew.
    token = await staffToken('staff');
  });

  describe('content loader', () => {
    test('adds published posts with safe HTML and their cover copied for the image pipeline; drafts stay out', async () => {
      const cover = await upload(database);
      expect((await call(blog, 'POST', '/api/admin/blog', { token, json: post('reading-week', cover) })).status).toBe(
        201,
      );
      await call(blog, 'POST', '/api/admin/blog', { token, json: post('still-a-draft', cover, { status: 'draft' }) });

      const { context: ctx, entries } = loaderContext(cacheDir, {
        'clean-water-for-mathare': 'src/content/blog/clean-water-for-mathare.md',
      });
      await loadPublished('blog', ctx, database);

      expect([...entries.keys()].sort()).toEqual(['clean-water-for-mathare', 'reading-week']);
      const entry = entries.get('reading-week') as {
        data: Json;
        body: string;
        rendered: { html: string };
        filePath: string;
      };
      expect(entry.data).toMatchObject({
        title: 'Story reading-week',
        slug: 'reading-week',
        excerpt: 'A short teaser.',
        imageAlt: 'Children with books',
        category: 'Education',
        author: 'Grace Muthoni',
        date: '2026-11-20',
        tags: ['reading'],
      });
      expect(entry.rendered.html).toContain('<strong>every day</strong>');
      expect(entry.rendered.html).toContain(`<img src="${cover}"`);
      expect(entry.rendered.html).not.toContain('script');
      // The cover sits beside the entry's path, as a file entry's relative image does.
      const image = String(entry.data['image']);
      expect(image).toMatch(/^\.\/\d+-books\.jpg$/);
      const copied = await readFile(join(cacheDir, 'published-media', image.slice(2)));
      expect(new Uint8Array(copied)).toEqual(bytesOf('jpeg'));
    });

    test('adds published programs, and leaves out a row whose slug a file already uses', async () => {
      const image = await upload(database, 'kits.jpg');
      const program = {
        title: 'Kits',
        slug: 'kits',
        summary: 'School kits.',
        content: 'Bags and books.',
        image,
        alt: 'Bags',
        position: 2,
        date: '2026-01-06',
        status: 'published',
      };
      expect((await call(programs, 'POST', '/api/admin/programs', { token, json: program })).status).toBe(201);
      // Saved before the file existed: the file wins at build time.
      await rows(
        database,
        `insert into programs (title, slug, summary, content, date, status) values ('Old', 'taken', 's', 'c', '2026-01-01', 'published')`,
      );

      const {
        context: ctx,
        entries,
        messages,
      } = loaderContext(cacheDir, {
        taken: 'src/content/programs/taken.md',
      });
      await loadPublished('programs', ctx, database);
      expect(entries.get('kits')).toMatchObject({ data: { title: 'Kits', order: 2, imageAlt: 'Bags' } });
      expect(entries.get('taken')).toMatchObject({ filePath: 'src/content/programs/taken.md' });
      expect(messages.some((message) => message.includes('programs/taken: a file already uses this slug'))).toBe(true);
    });

    test('builds from the files alone without a database, and fails loudly when the database cannot be read', async () => {
      const { context: ctx, entries } = loaderContext(cacheDir, { a: 'src/content/blog/a.md' });
      await loadPublished('blog', ctx, undefined);
      expect([...entries.keys()]).toEqual(['a']);
      // The cause, not "[object ErrorEvent]": the host and port, the error code and its message.
      await expect(
        loadPublished('blog', ctx, { url: 'postgres://postgres@127.0.0.1:1/none', proxy: database.proxy }),
      ).rejects.toThrow(
        /^Cannot read the published blog items from DATABASE_URL: 127\.0\.0\.1:1: ECONNREFUSED connect ECONNREFUSED 127\.0\.0\.1:1$/,
      );
    });

    test('a production build without DATABASE_URL fails naming it; other builds use the files alone', () => {
      expect(() => buildDatabase({ CONTEXT: 'production' })).toThrow(/^DATABASE_URL is not set: a production build/);
      expect(buildDatabase({ CONTEXT: 'deploy-preview' })).toBeUndefined();
      expect(buildDatabase({})).toBeUndefined();
      expect(buildDatabase({ CONTEXT: 'production', DATABASE_URL: 'postgres://db/x' })).toEqual({
        url: 'postgres://db/x',
        proxy: undefined,
      });
    });

    test('a Deploy Preview build reads the database it is given and writes nothing to it', async () => {
      const cover = await upload(database);
      await call(blog, 'POST', '/api/admin/blog', { token, json: post('in-production', cover) });
      const before = await rows(
        database,
        'select (select count(*)::int from content_files) as files, (select count(*)::int from site_builds) as builds',
      );
      const previewEnv = { CONTEXT: 'deploy-preview', DATABASE_URL: database.url };
      // The build: both collections, as a preview build runs them against the database it was given.
      for (const kind of ['blog', 'programs'] as const) {
        const { context: ctx, entries } = loaderContext(cacheDir, {
          'clean-water-for-mathare': `src/content/${kind}/a.md`,
        });
        await loadPublished(kind, ctx, database);
        if (kind === 'blog') expect([...entries.keys()].sort()).toEqual(['clean-water-for-mathare', 'in-production']);
      }
      // The deploy step that records the files' slugs runs only where the context owns the database.
      expect(await recordContentFiles(cacheDir, database, previewEnv)).toEqual([]);
      expect(await recordContentFiles(cacheDir, database, { ...previewEnv, CONTEXT: 'branch-deploy' })).toEqual([]);
      expect(
        await rows(
          database,
          'select (select count(*)::int from content_files) as files, (select count(*)::int from site_builds) as builds',
        ),
      ).toEqual(before);
      expect(before[0]?.['files']).toBe(0);
      // And the build's reads run where the database itself refuses a write.
      await expect(
        transaction(
          (tx) => tx.query(`insert into content_files (kind, slug, path) values ('blog', 'x', 'x.md')`),
          database,
          {
            readOnly: true,
          },
        ),
      ).rejects.toThrow(/read-only transaction/);
    });
  });

  describe('slugs of committed files', () => {
    test('answers 409 for a post slug a story file uses, and for a program slug a page uses', async () => {
      const cover = await upload(database);
      const { context: ctx } = loaderContext(cacheDir, {
        'clean-water-for-mathare': 'src/content/blog/clean-water-for-mathare.md',
      });
      await loadPublished('blog', ctx, database);
      // The deploy step records them (again at every deploy).
      expect(await recordContentFiles(cacheDir, database, { CONTEXT: 'production' })).toContain('blog');
      expect(await recordContentFiles(cacheDir, database, { CONTEXT: 'production' })).toContain('blog');

      const clash = await call(blog, 'POST', '/api/admin/blog', {
        token,
        json: post('clean-water-for-mathare', cover, { status: 'draft' }),
      });
      expect(clash.status).toBe(409);
      const answer = (await clash.json()) as { error: string; issues: { path: string }[] };
      // Said in the words staff use, without the file's path.
      expect(answer.error).toBe(
        'The address /blog/clean-water-for-mathare/ is already used by another story of the site; choose another slug',
      );
      expect(answer.issues.map((issue) => issue.path)).toEqual(['slug']);

      const page = await call(programs, 'POST', '/api/admin/programs', {
        token,
        json: { title: 'Schools', slug: 'school-volunteering' },
      });
      expect(page.status).toBe(409);
      expect(await rows(database, 'select count(*)::int as n from blog_posts')).toEqual([{ n: 0 }]);
      expect(await rows(database, 'select count(*)::int as n from programs')).toEqual([{ n: 0 }]);
    });

    test('answers 400 when a published post uses a picture that is not in Media', async () => {
      const res = await call(blog, 'POST', '/api/admin/blog', { token, json: post('lost', '/media/999/gone.jpg') });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
        'cover',
      ]);
    });
  });

  describe('build hook', () => {
    let hook: Awaited<ReturnType<typeof startHook>> | undefined;
    afterEach(async () => {
      const server = hook?.server;
      if (server) await new Promise((done) => server.close(done));
      hook = undefined;
      process.env['BUILD_HOOK_DEBOUNCE_MS'] = '150';
    });

    test('a burst of publish and edits makes one hook call; the post shows Publishing…, then Live after the build', async () => {
      hook = await startHook(200);
      process.env['NETLIFY_BUILD_HOOK_URL'] = hook.url;
      // Longer than the three saves take together, even on a busy machine.
      process.env['BUILD_HOOK_DEBOUNCE_MS'] = '2500';
      const cover = await upload(database);

      const created = await callInBackground(blog, 'POST', '/api/admin/blog', token, post('burst', cover));
      expect(created.res.status).toBe(201);
      const id = (((await created.res.json()) as Json)['post'] as Json)['id'] as string;
      const pending = [...created.pending];
      for (const title of ['Second', 'Third']) {
        const edit = await callInBackground(
          blog,
          'PUT',
          `/api/admin/blog/${id}`,
          token,
          post('burst', cover, { title }),
        );
        expect(edit.res.status).toBe(200);
        pending.push(...edit.pending);
      }
      await Promise.all(pending);

      expect(hook.calls).toHaveLength(1);
      expect(hook.calls[0]).toContain('trigger_title=');
      expect(await listed(blog, 'blog', token)).toEqual([
        expect.objectContaining({ slug: 'burst', title: 'Third', site_state: 'publishing' }),
      ]);

      await recordBuild('succeeded');
      expect(await listed(blog, 'blog', token)).toEqual([expect.objectContaining({ site_state: 'live' })]);

      // A draft edit of a draft never calls the hook.
      const draft = await callInBackground(
        blog,
        'POST',
        '/api/admin/blog',
        token,
        post('draft', cover, { status: 'draft' }),
      );
      await Promise.all(draft.pending);
      expect(draft.pending).toHaveLength(0);
      expect(hook.calls).toHaveLength(1);
    });

    test('unpublishing and deleting a published program call the hook; the program shows Unpublishing…', async () => {
      hook = await startHook(204);
      process.env['NETLIFY_BUILD_HOOK_URL'] = hook.url;
      const body = { title: 'Kits', slug: 'kits', summary: 's', content: 'c', date: '2026-01-06', status: 'published' };
      const created = await callInBackground(programs, 'POST', '/api/admin/programs', token, body);
      await Promise.all(created.pending);
      const id = (((await created.res.json()) as Json)['program'] as Json)['id'] as string;
      await recordBuild('succeeded');

      const unpublished = await callInBackground(programs, 'PUT', `/api/admin/programs/${id}`, token, {
        ...body,
        status: 'draft',
      });
      await Promise.all(unpublished.pending);
      expect(hook.calls).toHaveLength(2);
      expect(await listed(programs, 'programs', token)).toEqual([
        expect.objectContaining({ site_state: 'unpublishing' }),
      ]);

      const republished = await callInBackground(programs, 'PUT', `/api/admin/programs/${id}`, token, body);
      await Promise.all(republished.pending);
      const pending: Promise<unknown>[] = [];
      const removed = await programs(
        new Request(`http://localhost/api/admin/programs/${id}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        }),
        context('203.0.113.7', { params: { id }, waitUntil: (p: Promise<unknown>) => void pending.push(p) }),
      );
      expect(removed.status).toBe(204);
      await Promise.all(pending);
      expect(hook.calls).toHaveLength(4);
    });

    test('a failing hook shows as failed with its reason, and the post stays saved', async () => {
      hook = await startHook(500);
      process.env['NETLIFY_BUILD_HOOK_URL'] = hook.url;
      const cover = await upload(database);
      const created = await callInBackground(blog, 'POST', '/api/admin/blog', token, post('failing', cover));
      expect(created.res.status).toBe(201);
      await Promise.all(created.pending);

      expect(hook.calls).toHaveLength(1);
      const [row] = await listed(blog, 'blog', token);
      expect(row).toMatchObject({ slug: 'failing', status: 'published', site_state: 'failed' });
      expect(row?.['site_error']).toContain('answered 500');
    });

    test('without NETLIFY_BUILD_HOOK_URL the post says no build was started', async () => {
      const cover = await upload(database);
      expect((await call(blog, 'POST', '/api/admin/blog', { token, json: post('no-hook', cover) })).status).toBe(201);
      expect(await listed(blog, 'blog', token)).toEqual([
        expect.objectContaining({ site_state: 'failed', site_error: NO_HOOK_MESSAGE }),
      ]);
    });
  });

  describe('Netlify deploy events', () => {
    const SITE = '5e1f0c1a-0000-4000-8000-000000000001';
    const savedSite = process.env['SITE_ID'];
    beforeAll(() => {
      process.env['SITE_ID'] = SITE;
    });
    afterAll(() => {
      if (savedSite === undefined) delete process.env['SITE_ID'];
      else process.env['SITE_ID'] = savedSite;
    });

    /** The event Netlify's runtime hands the typed handlers (its parse of the `{payload, site}` body). */
    function deployEvent(deploy: Partial<DeploySucceededEvent['deploy']>, site = SITE): DeploySucceededEvent {
      return {
        deploy: {
          id: 'd1',
          siteId: site,
          buildId: 'b1',
          state: 'ready',
          errorMessage: null,
          url: 'https://example.org',
          sslUrl: 'https://example.org',
          permalinkUrl: 'https://d1--example.netlify.app',
          adminUrl: 'https://app.netlify.com/sites/example',
          context: 'production',
          branch: 'main',
          commitRef: null,
          commitUrl: null,
          commitMessage: null,
          committer: null,
          title: null,
          createdAt: new Date(Date.now() + 1000).toISOString(),
          publishedAt: null,
          time: 30,
          manual: false,
          framework: 'astro',
          ...deploy,
        },
        site: {
          id: site,
          name: 'example',
          url: 'https://example.org',
          adminUrl: 'https://app.netlify.com/sites/example',
        },
      };
    }

    test('a production deploy of this site makes earlier changes Live; previews and other sites do not count', async () => {
      const cover = await upload(database);
      await call(blog, 'POST', '/api/admin/blog', { token, json: post('deployed', cover) });
      await deployEvents.deploySucceeded(deployEvent({ context: 'deploy-preview' }));
      await deployEvents.deploySucceeded(deployEvent({}, 'another-site'));
      expect(await listed(blog, 'blog', token)).toEqual([expect.objectContaining({ site_state: 'failed' })]);
      await deployEvents.deploySucceeded(deployEvent({}));
      expect(await listed(blog, 'blog', token)).toEqual([expect.objectContaining({ site_state: 'live' })]);
    });

    test("a failed production deploy shows Netlify's reason on the item", async () => {
      const cover = await upload(database);
      await call(blog, 'POST', '/api/admin/blog', { token, json: post('broken', cover) });
      await deployEvents.deployFailed(deployEvent({ state: 'error', errorMessage: 'Build script returned 2' }));
      expect(await listed(blog, 'blog', token)).toEqual([
        expect.objectContaining({
          site_state: 'failed',
          site_error: 'The Netlify build failed: Build script returned 2',
        }),
      ]);
    });
  });

  describe('media in use', () => {
    test('lists where an upload is used, refuses to delete one a published post shows, deletes an unused one', async () => {
      const used = await upload(database, 'used.jpg');
      const spare = await upload(database, 'spare.jpg');
      await call(blog, 'POST', '/api/admin/blog', { token, json: post('uses-it', used) });

      const entries = await listed(media, 'media', token);
      const usedEntry = entries.find((entry) => entry['url'] === used);
      expect(usedEntry).toMatchObject({
        size: 64,
        type: 'image/jpeg',
        used_by: [{ kind: 'post', title: 'Story uses-it', slug: 'uses-it', status: 'published' }],
      });
      expect(entries.find((entry) => entry['url'] === spare)).toMatchObject({ used_by: [] });

      const refused = await call(media, 'DELETE', `/api/admin/media/${String(usedEntry?.['id'])}`, { token });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toContain('"Story uses-it" (/blog/uses-it)');

      const spareId = String(entries.find((entry) => entry['url'] === spare)?.['id']);
      expect((await call(media, 'DELETE', `/api/admin/media/${spareId}`, { token })).status).toBe(204);
      expect(await rows(database, `select name from uploads order by id`)).toEqual([{ name: 'used.jpg' }]);
    });
  });
});
