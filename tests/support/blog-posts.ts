/** Blog posts and uploads made straight in the database, for the publishing tests. */
import { bytesOf } from './admin.ts';
import { rows, type TestDatabase } from './databases.ts';

type Json = Record<string, unknown>;

/** A published post using the upload `cover`. */
export function post(slug: string, cover: string, extra: Json = {}): Json {
  return {
    title: `Story ${slug}`,
    slug,
    excerpt: 'A short teaser.',
    content: `Children read **every day**.\n\n![Books](${cover})\n\n<script>alert(1)</script>`,
    cover,
    alt: 'Children with books',
    category: 'Education',
    author: 'Grace Muthoni',
    date: '2026-11-20',
    tags: ['reading'],
    status: 'published',
    ...extra,
  };
}

/** Stores an upload (and its media entry) directly; returns its address. */
export async function upload(database: TestDatabase, name = 'books.jpg'): Promise<string> {
  const [row] = await rows<{ id: string }>(
    database,
    `insert into uploads (name, content_type, size, data, uploaded_by) values ($1, 'image/jpeg', 64, $2, 'staff')
     returning id::text as id`,
    [name, Buffer.from(bytesOf('jpeg'))],
  );
  const url = `/media/${row?.id}/${name}`;
  await rows(database, 'insert into media (name, url) values ($1, $2)', [name, url]);
  return url;
}
