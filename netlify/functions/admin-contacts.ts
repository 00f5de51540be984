/** `/api/admin/contacts[/<id>]`: list and delete contact form messages. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'contacts',
  table: 'contacts',
  columns: ['name', 'email', 'subject', 'type', 'message'],
  noun: 'contact',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/contacts', '/api/admin/contacts/:id'] };
