/** `/api/admin/programs[/<id>]`: list, read, create, update and delete programs; publishing asks for a site build. */
import type { Config } from '@netlify/functions';
import { ProgramSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/admin-resource.ts';
import { publishable } from './_shared/publishing.ts';
import { SITE_STATE_COLUMNS } from './_shared/site-builds.ts';

export default resourceFunction({
  resource: 'programs',
  table: 'programs',
  columns: ['title', 'slug', 'summary', 'content', 'image', 'alt', 'position', 'date', 'status'],
  noun: 'program',
  edit: { single: 'program', schema: ProgramSchema },
  deletable: true,
  auditColumns: ['title', 'slug', 'status'],
  select: SITE_STATE_COLUMNS,
  ...publishable('programs', 'image'),
});

export const config: Config = { path: ['/api/admin/programs', '/api/admin/programs/:id'] };
