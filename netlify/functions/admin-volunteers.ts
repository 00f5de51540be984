/** `/api/admin/volunteers[/<id>]`: list and delete volunteer, school and internship applications. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'volunteers',
  table: 'volunteers',
  columns: ['name', 'email', 'details'],
  noun: 'volunteer',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/volunteers', '/api/admin/volunteers/:id'] };
