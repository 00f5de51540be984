/** `/api/admin/newsletter[/<id>]`: list (confirmed, pending and unsubscribed) and delete newsletter subscribers. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/platform/admin-resource.ts';

export default resourceFunction({
  resource: 'newsletter',
  table: 'newsletter_subscribers',
  columns: [
    'email',
    'name',
    'status',
    'source',
    'confirmed_at',
    'unsubscribed_at',
    'notice_version',
    'consent_wording',
  ],
  noun: 'subscriber',
  deletable: true,
});

export const config: Config = { path: ['/api/admin/newsletter', '/api/admin/newsletter/:id'] };
