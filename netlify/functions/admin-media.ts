/**
 * `/api/admin/media[/<id>]`: list, read, create, update and delete media library entries. Every upload has
 * one (admin-media-upload.ts); the list says each file's size, type and where it is used, and deleting an
 * entry deletes its uploaded file too, unless a published post or program still shows it (409).
 */
import type { Config } from '@netlify/functions';
import { MediaSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/platform/admin-resource.ts';
import { deleteUploadAt, MEDIA_COLUMNS, mediaUses } from './_shared/content/media.ts';
import { error } from './_shared/platform/http.ts';

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
    // The entry of an upload owns its file: deleting one deletes the other.
    if (op === 'delete') await deleteUploadAt(tx, row['url']);
  },
});

export const config: Config = {
  path: ['/api/admin/media', '/api/admin/media/:id'],
  // Uploads have their own function (admin-media-upload.ts).
  excludedPath: '/api/admin/media/upload',
};
