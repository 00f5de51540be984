/**
 * `/api/admin/media[/<id>]`: list, read, create, update and delete media library entries. Every upload has
 * one (admin-media-upload.ts); the list says each file's size, type and where it is used, and deleting an
 * entry deletes its uploaded file too, unless a published post or program still shows it (409).
 */
import type { Config } from '@netlify/functions';
import { MediaSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/platform/admin-resource.ts';
import { MEDIA_COLUMNS, mediaUses } from './_shared/content/media.ts';
import { deleteUploadBlobs, deleteUploadRows } from './_shared/content/uploads.ts';
import { error } from './_shared/platform/http.ts';

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
  select: MEDIA_COLUMNS,
  guard: async ({ op, id }) => {
    if (op !== 'delete' || id === undefined) return undefined;
    const published = (await mediaUses(id)).filter((use) => use.status === 'published');
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
