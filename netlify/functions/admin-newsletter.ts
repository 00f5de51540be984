/** `/api/admin/newsletter[/<id>]`: list and delete newsletter subscribers. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'newsletter',
  table: 'newsletter_subscribers',
  columns: ['email', 'name'],
  noun: 'subscriber',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/newsletter', '/api/admin/newsletter/:id'] };
