/** `GET /api/admin/retention`: the retention periods in force and the latest run (when, and counts removed). */
import type { Config } from '@netlify/functions';
import { retentionRules } from '../../src/lib/retention.ts';
import type { RetentionAnswer } from '../../src/schemas/retention.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { json, methodNotAllowed } from './_shared/platform/http.ts';
import { lastRetentionRun } from './_shared/people/retention.ts';

export default staffFunction(async (req) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return json({ rules: retentionRules(process.env), lastRun: await lastRetentionRun() } satisfies RetentionAnswer);
});

export const config: Config = { path: '/api/admin/retention' };
