/**
 * The stories and events that shipped as files become records of /samu: copied on first use, once even when two
 * first uses come together; counted on the overview; followed by the build while unedited; replaced once edited, a
 * renamed story's old address leading to the new one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import blog from '../../netlify/functions/admin-blog.ts';
import calendar from '../../netlify/functions/admin-calendar.ts';
import stats from '../../netlify/functions/admin-stats.ts';
import { recordFileSlugs } from '../../scripts/deploy/content-files.ts';
import fileEvents from '../../src/content/events.json' with { type: 'json' };
import { loadPublished } from '../../src/loaders/database.ts';
import { loadEventRecords } from '../../src/loaders/events.ts';
import { ADMIN_TABLES, call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import { loaderContext } from '../support/loader-context.ts';

type Json = Record<string, unknown>;

/** A story file as the build records it. */
const story = (slug: string, title: string) => ({
  slug,
  path: `src/content/blog/${slug}.md`,
  seed: {
    title,
    slug,
    excerpt: 'Clean water reached the school.',
    image: `../../assets/blog/clean-water-for-mathare.jpg`,
    imageAlt: 'A water tank beside a school',
    category: 'Community',
    author: 'Grace Muthoni',
    date: '2025-03-02',
    tags: ['water'],
    draft: false,
    body: '\nThe tank holds ten thousand litres.\n',
  },
});

describe.each(databases)('shipped stories and events on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, ADMIN_TABLES);
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'watoto-shipped-'));
  });
  afterAll(async () => rm(cacheDir, { recursive: true, force: true }));
  const list = async (resource: string) => {
    const res = await call(resource === 'blog' ? blog : calendar, 'GET', `/api/admin/${resource}`, {
      token: desk.token,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as Record<string, Json[]>)[resource]!;
  };

  test('the shipped stories and programs are copied once, even by two first uses at once, and the overview counts them', async () => {
    const files = [story('clean-water-for-mathare', 'Clean Water for Mathare'), story('letters', 'Letters')];
    await recordFileSlugs('blog', files, database);
    await recordFileSlugs(
      'programs',
      [
        {
          slug: 'back-to-school-kits',
          path: 'src/content/programs/back-to-school-kits.md',
          seed: { title: 'Back-to-School Kits', summary: 'Kits.', order: 0, date: '2025-01-06', body: 'Bags.' },
        },
      ],
      database,
    );
    await rows(database, `insert into site_builds (event) values ('succeeded')`);
    const [first, second] = await Promise.all([list('blog'), list('blog')]);
    expect(first.map((row) => row['slug']).sort()).toEqual(['clean-water-for-mathare', 'letters']);
    expect(second).toHaveLength(2);
    expect(first.every((row) => row['file_copy'] === true && row['site_state'] === 'live')).toBe(true);
    expect(await rows(database, 'select count(*)::int as n from blog_posts')).toEqual([{ n: 2 }]);
    const counts = (await (await call(stats, 'GET', '/api/admin/stats', { token: desk.token })).json()) as Json;
    expect(counts['blog']).toBe(2);
    expect(counts['programs']).toBe(1);
    expect(await rows(database, 'select slug, title, position, file_copy from programs')).toEqual([
      { slug: 'back-to-school-kits', title: 'Back-to-School Kits', position: 0, file_copy: true },
    ]);
    expect(counts['calendar']).toBe(fileEvents.length);
    // A copy staff removed is never copied again.
    const letters = first.find((row) => row['slug'] === 'letters')!;
    expect((await call(blog, 'DELETE', `/api/admin/blog/${String(letters['id'])}`, { token: desk.token })).status).toBe(
      204,
    );
    expect((await list('blog')).map((row) => row['slug'])).toEqual(['clean-water-for-mathare']);
    // The build: the unedited copy keeps the file's entry, the removed one takes its file off the site.
    const { context, entries } = loaderContext(cacheDir, {
      'clean-water-for-mathare': { slug: 'clean-water-for-mathare', title: 'Clean Water for Mathare' },
      letters: { slug: 'letters', title: 'Letters' },
    });
    await loadPublished('blog', context, database);
    expect([...entries.keys()]).toEqual(['clean-water-for-mathare']);
    expect(entries.get('clean-water-for-mathare')).toMatchObject({ filePath: 'x' });
  });

  test("fixing a shipped story's title and address: the build shows the row at the new address, the old one redirects", async () => {
    await recordFileSlugs('blog', [story('clean-watr-for-mathare', 'Clean Watr for Mathare')], database);
    const [copy] = await list('blog');
    const res = await call(blog, 'GET', `/api/admin/blog/${String(copy!['id'])}`, { token: desk.token });
    const { post } = (await res.json()) as { post: Json };
    const body: Json = { ...post, title: 'Clean Water for Mathare', slug: 'clean-water-for-mathare' };
    for (const key of ['id', 'ts', 'site_state', 'site_error', 'site_changed_at', 'updated_at', 'file_copy']) {
      delete body[key];
    }
    const saved = await call(blog, 'PUT', `/api/admin/blog/${String(copy!['id'])}`, { token: desk.token, json: body });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { post: Json }).post).toMatchObject({
      slug: 'clean-water-for-mathare',
      site_state: 'publishing',
    });
    expect(await rows(database, 'select file_copy from blog_posts')).toEqual([{ file_copy: false }]);
    const { context, entries } = loaderContext(cacheDir, {
      'clean-watr-for-mathare': { slug: 'clean-watr-for-mathare', title: 'Clean Watr for Mathare' },
    });
    await loadPublished('blog', context, database);
    expect([...entries.keys()]).toEqual(['clean-water-for-mathare']);
    const entry = entries.get('clean-water-for-mathare') as { data: Json; filePath: string; body: string };
    expect(entry.data).toMatchObject({
      title: 'Clean Water for Mathare',
      formerSlugs: ['clean-watr-for-mathare'],
      // The picture it shipped with, resolved from the folder of the story files.
      image: '../../assets/blog/clean-water-for-mathare.jpg',
    });
    expect(entry.filePath).toBe('src/content/blog/clean-water-for-mathare.md');
    expect(entry.body).toBe('The tank holds ten thousand litres.');
  });

  test('a shipped event edited in /samu shows its new words with the gallery and quotes it shipped with', async () => {
    const [first, second] = await Promise.all([list('calendar'), list('calendar')]);
    expect(first.map((row) => row['slug']).sort()).toEqual(fileEvents.map((event) => event.id).sort());
    expect(second).toHaveLength(fileEvents.length);
    const shipped = fileEvents[0]!;
    const copy = first.find((row) => row['slug'] === shipped.id)!;
    const { event } = (await (
      await call(calendar, 'GET', `/api/admin/calendar/${String(copy['id'])}`, {
        token: desk.token,
        params: { id: String(copy['id']) },
      })
    ).json()) as { event: Json };
    const body: Json = { ...event, venue: 'KICC, Nairobi' };
    for (const key of ['id', 'ts', 'site_state', 'site_error', 'site_changed_at', 'updated_at', 'file_copy']) {
      delete body[key];
    }
    const saved = await call(calendar, 'PUT', `/api/admin/calendar/${String(copy['id'])}`, {
      token: desk.token,
      json: body,
      params: { id: String(copy['id']) },
    });
    expect(saved.status).toBe(200);
    const files = Object.fromEntries(fileEvents.map((file, order) => [file.id, { ...file, order }]));
    const { context, entries } = loaderContext(cacheDir, files);
    await loadEventRecords(context, database);
    expect(entries.size).toBe(fileEvents.length);
    expect((entries.get(shipped.id) as { data: Json }).data).toMatchObject({
      venue: 'KICC, Nairobi',
      title: shipped.title,
      gallery: shipped.gallery,
      testimonials: shipped.testimonials,
      order: 0,
    });
    // The others still follow the file.
    expect(entries.get(fileEvents[1]!.id)).toMatchObject({ filePath: 'x' });
  });
});
