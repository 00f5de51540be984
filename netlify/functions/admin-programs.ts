/** `/api/admin/programs[/<id>]`: list, read, create, update and delete programs. */
import type { Config } from '@netlify/functions';
import { ProgramSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'programs',
  table: 'programs',
  columns: ['title', 'slug', 'summary', 'content', 'image'],
  noun: 'program',
  edit: { single: 'program', schema: ProgramSchema },
  deletable: true,
  auditColumns: ['title', 'slug'],
});

export const config: Config = { path: ['/api/admin/programs', '/api/admin/programs/:id'] };
