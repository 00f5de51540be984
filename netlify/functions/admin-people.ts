/**
 * `/api/admin/people/{search,link,export,correct,erase}` (POST, staff only): a person's page. Search finds everything
 * held about one person from the address or phone their request came from, across every table person-tables.ts lists, and
 * lists apart what is only possibly theirs; link records staff's confirmation that a possible match is the same
 * person; export hands the person's rows over as one JSON or CSV file; correct changes one field; erase deletes the
 * person's rows, anonymises the records the accounts keep and removes them from other rows' free text. Every one but
 * search is audited with who and why, naming the person only by keyed hashes. The person's details travel in request
 * bodies, never in URLs (which end up in logs).
 */
import type { Config } from '@netlify/functions';
import { toCsv } from '../../src/lib/csv.ts';
import {
  personCorrect,
  personErase,
  personExport,
  personLink,
  personQuery,
  type ErasureAnswer,
  type PersonAnswer,
} from '../../src/schemas/people.ts';
import { emailAddress } from '../../src/schemas/track.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { backupsDownloaded } from './_shared/platform/backup.ts';
import { deleteBlob } from './_shared/platform/blobs.ts';
import { query, transaction } from './_shared/platform/db.ts';
import { answer, error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import {
  auditSubject,
  correctableColumn,
  correctField,
  erasePerson,
  findPerson,
  isPossibleMatch,
  LINK_EVENT,
  linkHash,
  splitIdentifier,
  type PersonRecords,
} from './_shared/people/people.ts';
import { PERSON_TABLES } from './_shared/people/person-tables.ts';

const ACTIONS = ['search', 'link', 'export', 'correct', 'erase'] as const;

export default staffFunction(async (req, actor, context) => {
  const action = context.params['action'];
  if (!ACTIONS.includes(action as (typeof ACTIONS)[number])) return error(404, 'Not found');
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;

  if (action === 'search') {
    const parsed = personQuery.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid search');
    const records = await findPerson({ query }, parsed.data);
    const tables = PERSON_TABLES.map((spec) => ({
      table: spec.table,
      label: spec.label,
      correctable: Object.keys(spec.correctable ?? {}),
    }));
    return json({ person: records, tables, backups: await backupsDownloaded() } satisfies PersonAnswer);
  }

  if (action === 'link') {
    const parsed = personLink.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid confirmation');
    const { identifier, reason, ...who } = parsed.data;
    const linked = await transaction(async (tx) => {
      if (!(await isPossibleMatch(tx, who, identifier))) return false;
      await audit(tx, LINK_EVENT, actor, {
        subject: auditSubject(who),
        linked: linkHash(identifier),
        kind: splitIdentifier(identifier).kind,
        reason,
      });
      return true;
    });
    return linked
      ? json({ linked: splitIdentifier(identifier) })
      : error(400, 'This is not a possible match of this person', [
          { path: 'identifier', message: 'Search again: this match is not found beside the person' },
        ]);
  }

  if (action === 'export') {
    const parsed = personExport.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid export');
    const { reason, format, ...who } = parsed.data;
    const records = await transaction(async (tx) => {
      const found = await findPerson(tx, who);
      await audit(tx, 'admin.person.export', actor, { subject: auditSubject(who), reason, format });
      return found;
    });
    const stamp = new Date().toISOString().slice(0, 10);
    const file = `person-${stamp}.${format}`;
    const headers = {
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
    };
    if (format === 'csv') {
      return answer(`\uFEFF${personCsv(records)}`, 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' });
    }
    const document = {
      format: 'tumaini-person-export',
      version: 1,
      createdAt: new Date().toISOString(),
      person: { emails: records.emails, phones: records.phones, names: records.names },
      records: records.tables,
    };
    return answer(JSON.stringify(document, null, 2), 200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
    });
  }

  if (action === 'correct') {
    const parsed = personCorrect.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid correction');
    const { table, id, column, value, reason } = parsed.data;
    const target = correctableColumn(table, column);
    if (!target)
      return error(400, 'This field cannot be corrected here', [
        { path: 'column', message: 'Not a correctable field' },
      ]);
    if (target.kind === 'email' && !emailAddress.safeParse(value).success) {
      return error(400, 'Invalid correction', [{ path: 'value', message: 'Enter a valid email address' }]);
    }
    const updated = await transaction(async (tx) => {
      if (!(await correctField(tx, { table, column, id }, value))) return false;
      await audit(tx, 'admin.person.correct', actor, { table, id, column, reason });
      return true;
    });
    return updated ? json({ corrected: { table, id, column } }) : error(404, 'Record not found');
  }

  const parsed = personErase.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid erasure');
  const { reason, ...who } = parsed.data;
  const files: string[] = [];
  const { counts, backups } = await transaction(async (tx) => {
    files.length = 0;
    const erased = await erasePerson(tx, who, files);
    await audit(tx, 'admin.person.erase', actor, { subject: auditSubject(who), reason, counts: erased });
    return { counts: erased, backups: await backupsDownloaded(tx) };
  });
  // The files of the deleted rows (a letter's photo) go once the rows are gone.
  for (const key of files) await deleteBlob(key);
  return json({ erased: counts, backupsStillHolding: backups } satisfies ErasureAnswer);
});

export const config: Config = { path: '/api/admin/people/:action', method: 'POST' };

type CsvLine = { table: string; row: string; field: string; value: unknown };

/** One line per field of every record: table, row id, field, value. */
function personCsv(records: PersonRecords): string {
  const lines: CsvLine[] = Object.entries(records.tables).flatMap(([table, rows]) =>
    rows.flatMap((row) =>
      Object.entries(row).map(([field, value]) => ({ table, row: String(row['id']), field, value })),
    ),
  );
  return toCsv<CsvLine>(
    [
      { header: 'Table', value: (line) => line.table },
      { header: 'Row', value: (line) => line.row },
      { header: 'Field', value: (line) => line.field },
      { header: 'Value', value: (line) => line.value },
    ],
    lines,
  );
}
