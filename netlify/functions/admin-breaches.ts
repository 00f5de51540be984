/**
 * `/api/admin/breaches[/<id>]`: the breach record. List, read, record and update suspected breaches; each answer row
 * carries `report_by`, the Data Commissioner's deadline (72 hours after `found_at`).
 */
import type { Config } from '@netlify/functions';
import { BreachSchema, REPORT_WITHIN_HOURS } from '../../src/schemas/breach.ts';
import { resourceFunction } from './_shared/platform/admin-resource.ts';

export default resourceFunction({
  resource: 'breaches',
  table: 'breaches',
  columns: ['found_at', 'what', 'affected', 'checklist'],
  noun: 'breach',
  edit: { single: 'breach', schema: BreachSchema },
  select: [`found_at + interval '${REPORT_WITHIN_HOURS} hours' as report_by`],
});

export const config: Config = { path: ['/api/admin/breaches', '/api/admin/breaches/:id'] };
