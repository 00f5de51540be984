/**
 * `/api/admin/media[/<id>]`: list, read, create, update and delete media library entries. Every upload has
 * one (admin-media-upload.ts); the list says each file's size, type and where it is used, and deleting an
 * entry deletes its uploaded file too, unless a published post or program still shows it (409).
 */
import type { Config } from '@netlify/functions';
import { MediaSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/platform/admin-resource.ts';
import { deleteUploadBlobs, deleteUploadRows } from './_shared/content/uploads.ts';
import { query } from './_shared/platform/db.ts';
import { error } from './_shared/platform/http.ts';

/** Posts and programs whose picture or body shows the entry's file (`url` is the media row's own column). */
const USED_BY = `(select coalesce(json_agg(json_build_object('kind', x.kind, 'title', x.title, 'slug', x.slug,
      'status', x.status) order by x.kind, x.title), '[]'::json)
   from (select 'post' as kind, p.title, p.slug, p.status from blog_posts p
         where p.cover = url or strpos(p.content, url) > 0
         union all
         select 'program', g.title, g.slug, g.status from programs g
         where g.image = url or strpos(g.content, url) > 0) x) as used_by`;

/** The uploaded file behind an entry's `url`, when it is one. */
const UPLOAD_OF = `(select u.%s from uploads u
  where u.id = (case when url ~ '^/media/[0-9]{1,18}/' then split_part(url, '/', 3)::bigint end)
    and '/media/' || u.id || '/' || u.name = url)`;

/** Where `within` leaves the deleted upload's blob keys on the deleted row, for `after` to delete once committed. */
const BLOB_KEYS = 'blob_keys';

export default resourceFunction({
  resource: 'media',
  table: 'media',
  columns: ['name', 'url', 'meta'],
  noun: 'media entry',
  edit: { single: 'media', schema: MediaSchema },
  deletable: true,
  auditColumns: ['name', 'url'],
  select: [`${UPLOAD_OF.replace('%s', 'size')} as size`, `${UPLOAD_OF.replace('%s', 'content_type')} as type`, USED_BY],
  guard: async ({ op, id }) => {
    if (op !== 'delete') return undefined;
    const [entry] = await query<{ used_by: { kind: string; title: string; slug: string; status: string }[] }>(
      `select ${USED_BY} from media where id = $1`,
      [id],
    );
    const published = (entry?.used_by ?? []).filter((use) => use.status === 'published');
    if (published.length === 0) return undefined;
    const list = published.map(
      (use) => `the ${use.kind} "${use.title}" (/${use.kind === 'post' ? 'blog' : 'programs'}/${use.slug})`,
    );
    return error(
      409,
      `This file is used by ${list.join(' and ')}, which ${published.length > 1 ? 'are' : 'is'} published: pick another image there or unpublish first.`,
    );
  },
  within: async (tx, op, row) => {
    // The entry of an upload owns its file: deleting one deletes the other, its row here, its bytes once committed.
    if (op === 'delete') row[BLOB_KEYS] = await deleteUploadRows(tx, [String(row['url'])]);
  },
  after: async (op, row, context) => {
    // `deploy` is Netlify's deploy of this call (absent when called without the platform, as in tests).
    const deploy = (context as Partial<typeof context>).deploy;
    if (op === 'delete') await deleteUploadBlobs((row[BLOB_KEYS] as string[] | undefined) ?? [], deploy?.context);
  },
});

export const config: Config = {
  path: ['/api/admin/media', '/api/admin/media/:id'],
  // Uploads have their own function (admin-media-upload.ts).
  excludedPath: '/api/admin/media/upload',
};
