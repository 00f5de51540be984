/**
 * `/api/admin/programs[/<id>]`: list, read, create, update and delete programs; publishing asks for a site build.
 * Listing first copies the programs that shipped as files (shipped-content.ts), so staff edit those too.
 */
import type { Config } from '@netlify/functions';
import { ProgramSchema } from '../../src/schemas/admin.ts';
import { resourceFunction, staffFunction } from './_shared/platform/admin-resource.ts';
import { publishable } from './_shared/content/publishing.ts';
import { copyShipped, markEdited } from './_shared/content/shipped-content.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

const resource = resourceFunction({
  resource: 'programs',
  table: 'programs',
  columns: ['title', 'slug', 'summary', 'content', 'image', 'alt', 'position', 'date', 'status'],
  noun: 'program',
  edit: { single: 'program', schema: ProgramSchema },
  deletable: true,
  auditColumns: ['title', 'slug', 'status'],
  select: [...SITE_STATE_COLUMNS, 'file_copy'],
  within: (tx, op, row) => markEdited('programs', tx, op, row),
  ...publishable('programs', 'image'),
});

/** Listing first copies the programs that shipped as files, once. */
export default staffFunction(async (req, _actor, context) => {
  if (req.method === 'GET' && context.params['id'] === undefined) await copyShipped('programs');
  return resource(req, context);
});

export const config: Config = { path: ['/api/admin/programs', '/api/admin/programs/:id'] };
