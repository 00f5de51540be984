/**
 * `/api/admin/contacts[/<id>]`: list and delete contact form messages, each with who holds it and when it was replied
 * to and done. One message as a case and its changes are under `/api/admin/contact-cases/<id>`
 * (admin-contact-cases.ts).
 */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/platform/admin-resource.ts';

export default resourceFunction({
  resource: 'contacts',
  table: 'contacts',
  columns: ['name', 'email', 'subject', 'type', 'message', 'holder', 'replied_at', 'done_at'],
  noun: 'contact',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/contacts', '/api/admin/contacts/:id'] };
