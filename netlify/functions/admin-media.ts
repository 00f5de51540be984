/** `/api/admin/media[/<id>]`: list, read, create, update and delete media library entries. */
import type { Config } from '@netlify/functions';
import { MediaSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'media',
  table: 'media',
  columns: ['name', 'url', 'meta'],
  noun: 'media entry',
  edit: { single: 'media', schema: MediaSchema },
  deletable: true,
  auditColumns: ['name', 'url'],
});

export const config: Config = {
  path: ['/api/admin/media', '/api/admin/media/:id'],
  // Uploads have their own function (admin-media-upload.ts).
  excludedPath: '/api/admin/media/upload',
};
