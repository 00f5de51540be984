/**
 * `/api/admin/volunteers[/<id>]`: the applications queue (volunteer, school, internship and sponsorship
 * applications) with each one's state, holder and due moment; list and delete. One application's record and its
 * changes are under `/api/admin/applications/<id>` (admin-applications.ts).
 */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/platform/admin-resource.ts';

export default resourceFunction({
  resource: 'volunteers',
  table: 'volunteers',
  columns: ['name', 'email', 'details', 'state', 'holder', 'due_at'],
  noun: 'application',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/volunteers', '/api/admin/volunteers/:id'] };
