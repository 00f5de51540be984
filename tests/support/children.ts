/**
 * A child staff record in /samu and sponsor by hand, through the dashboard's own endpoints: what the tests of
 * sponsors' news, letters and emails start from.
 */
import { expect } from 'vitest';
import children from '../../netlify/functions/admin-children.ts';
import records from '../../netlify/functions/admin-child-records.ts';
import { call } from './admin.ts';

type Json = Record<string, unknown>;

/** The tables a sponsored child's record, news, letters and emails touch, for `truncate`. */
export const SPONSOR_TABLES = [
  'children',
  'child_consents',
  'child_updates',
  'sponsor_letters',
  'sponsorships',
  'commitments',
  'events',
  'site_builds',
  'notification_outbox',
  'uploads',
  'admin_users',
  'admin_sessions',
  'donor_sign_in_links',
  'donor_sessions',
];

/** Records Imani (a draft, her guardian's consent given) and sponsors her by `sponsor`; resolves to her record's id. */
export async function sponsoredChild(token: string, sponsor: { name: string; email: string }): Promise<string> {
  const made = await call(children, 'POST', '/api/admin/children', {
    token,
    json: {
      slug: 'imani',
      name: 'Imani Wairimu',
      age: 9,
      location: 'Kibera',
      monthly_need: 5400,
      status: 'draft',
      guardian_name: 'Lucy Wairimu',
      guardian_relation: 'Mother',
      given_on: '2026-11-01',
      covers: 'profile,photo',
      form_ref: 'CF-1',
    },
  });
  const child = String((((await made.json()) as Json)['child'] as Json)['id']);
  const sponsored = await call(records, 'POST', `/api/admin/children/${child}/sponsorship`, {
    token,
    params: { id: child, part: 'sponsorship' },
    json: { sponsor_name: sponsor.name, sponsor_email: sponsor.email, amount: 5400 },
  });
  expect(sponsored.status).toBe(201);
  return child;
}
