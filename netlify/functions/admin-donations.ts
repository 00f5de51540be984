/** `/api/admin/donations[/<id>]`: list and delete recorded donation intents. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/platform/admin-resource.ts';

export default resourceFunction({
  resource: 'donations',
  table: 'donations',
  columns: ['donor_name', 'amount', 'currency'],
  noun: 'donation',
  deletable: true,
  // numeric arrives as text so no precision is lost on the way; the API promises a number.
  convert: (row) => ({ ...row, amount: Number(row['amount']) }),
});

export const config: Config = { path: ['/api/admin/donations', '/api/admin/donations/:id'] };
