/**
 * The build's content loaders take the pictures of published items from the blob store: an upload stored there
 * reaches the rows the loaders hand to the image pipeline, and a picture whose bytes are gone reaches none.
 */
import { describe, expect, test } from 'vitest';
import blog from '../../netlify/functions/admin-blog.ts';
import upload from '../../netlify/functions/admin-media-upload.ts';
import team from '../../netlify/functions/admin-team.ts';
import { withPictureBytes } from '../../netlify/public-api.ts';
import { publishedRows } from '../../src/loaders/database.ts';
import { teamRecords } from '../../src/loaders/team.ts';
import { ADMIN_TABLES, bytesOf, call } from '../support/admin.ts';
import { databases, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

describe.each(databases)('loaders reading pictures from the blob store on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, [...ADMIN_TABLES, 'team_members', 'team_seed_copies']);

  const send = async (bytes: Uint8Array, name: string) => {
    const body = new FormData();
    body.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    const res = await call(upload, 'POST', '/api/admin/media/upload', { token: desk.token, body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };

  test("a published story's cover and a team member's portrait come with their bytes", async () => {
    const cover = bytesOf('jpeg', 900);
    const coverUrl = await send(cover, 'books.jpg');
    const story = {
      title: 'Reading club',
      slug: 'reading-club',
      excerpt: 'A short teaser.',
      content: 'Children read every day.',
      cover: coverUrl,
      alt: 'Children with books',
      category: 'Education',
      author: 'Grace Muthoni',
      date: '2026-11-20',
      tags: ['reading'],
      status: 'published',
    };
    expect((await call(blog, 'POST', '/api/admin/blog', { token: desk.token, json: story })).status).toBe(201);
    const { rows } = await publishedRows('blog', database);
    expect(rows.map((row) => row.slug)).toEqual(['reading-club']);
    expect(new Uint8Array(rows[0]?.image_data ?? [])).toEqual(cover);

    const portrait = bytesOf('png', 700);
    const member = {
      slug: 'amina-otieno',
      name: 'Amina Otieno',
      role: 'Caseworker',
      bio: 'Amina visits every sponsored family in Mathare.',
      full_bio: 'Amina trained as a social worker.',
      email: 'amina@tumainichildren.org',
      phone: '+254 700 000 001',
      position: 5,
      status: 'published',
      image: await send(portrait, 'amina.png'),
    };
    expect((await call(team, 'POST', '/api/admin/team', { token: desk.token, json: member })).status).toBe(201);
    const read = await teamRecords(database);
    const amina = read.rows.find((row) => row.slug === 'amina-otieno');
    expect(new Uint8Array(amina?.image_data ?? [])).toEqual(portrait);
  });

  test('a picture whose blob is gone has no bytes, and one kept in its row keeps its own', async () => {
    const rows = await withPictureBytes([
      { image_data: null, image_key: 'missing/none.png' },
      { image_data: Buffer.from([1, 2, 3]), image_key: null },
    ]);
    expect(rows[0]?.image_data).toBeNull();
    expect([...(rows[1]?.image_data ?? [])]).toEqual([1, 2, 3]);
  });
});
