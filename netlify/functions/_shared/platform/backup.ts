/**
 * The backup: every table of the database (but the migrations log and the {@link PRIVATE_TABLES}) as JSON, then the
 * manifest of the blob store's files the rows name (uploads, letters' photos), each with its bytes, written row page by row page and file by
 * file so a large backup is written part by part (backup-jobs.ts) instead of filling memory. scripts/data/restore.ts reads it back,
 * line by line (scripts/data/backup-reader.ts): the header, each table's name and each row and file stay one line each.
 *
 *   {"format":"watoto-backup","version":2,"createdAt":…,"migrations":[…],"tables":{"events":[{…},…],…},
 *    "blobs":[{"key":…,"name":…,"contentType":…,"size":…,"sha256":…,"data":"<base64>"},…]}
 *
 * Rows are Postgres's own `row_to_json`, so `json_populate_recordset` restores every type exactly
 * (bytea as `\x…` hex, timestamps with their zone and microseconds). A file the store no longer has is listed with
 * `"data":null`, so the restore can say so. Version 1 backups (files' bytes in their rows) have no `blobs`.
 */
import { readBlob } from './blobs.ts';
import { query, type Queryable } from './db.ts';

/** Identifies a backup file. */
export const BACKUP_FORMAT = { format: 'watoto-backup', version: 2 } as const;

/** One file of the backup's blob manifest. */
export interface BackupBlob {
  key: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The bytes in base64; null when the store had no file under the key. */
  data: string | null;
}

/** Rows read per page. */
const PAGE_ROWS = 200;

/** A table of the backup and whether it can be paged by its numeric `id`. */
export interface BackupTable {
  name: string;
  hasId: boolean;
}

/**
 * Tables a backup leaves out: staff accounts (password hashes), their sessions, the login throttle, the
 * rate-limit counters, and donors' sign-in links and sessions. A download must never hand out what signs in; a restored database gets its staff
 * accounts from `npm run admin:create`, and the counters only matter for minutes.
 */
export const PRIVATE_TABLES: readonly string[] = [
  'admin_users',
  'admin_sessions',
  'login_failures',
  'rate_limits',
  // One-time links that set a staff password.
  'staff_invitations',
  // Donors' one-time sign-in links and sessions of My giving.
  'donor_sign_in_links',
  'donor_sessions',
  // When each staff member's sessions last read the inbox: a restored database starts every inbox afresh.
  'staff_visits',
  // Counts kept by triggers: the restore's own inserts make them again (restored, they would count twice).
  'row_counts',
  // Backups made in the background: their files stay in the old store, so a restored database starts without them.
  'backup_jobs',
];

/**
 * Tables a migration fills with their starting rows: the reply templates staff edit. A freshly migrated database
 * already holds these, so a restore replaces them with the backup's rows (and keeps them for an older backup that
 * has no such table).
 */
export const SEEDED_TABLES: readonly string[] = ['reply_templates'];

/** Quotes an identifier taken from the catalog. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the current schema but the migrations log and the {@link PRIVATE_TABLES}, by name. */
export async function backupTables(db: Queryable = { query }): Promise<BackupTable[]> {
  const rows = await db.query<{ name: string; has_id: boolean }>(
    `select t.table_name::text as name,
            exists (select 1 from information_schema.columns c
                    where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'id'
                      and c.data_type in ('smallint', 'integer', 'bigint')) as has_id
     from information_schema.tables t
     where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' and t.table_name <> 'schema_migrations'
       and t.table_name::text <> all ($1::text[])
     order by t.table_name`,
    [PRIVATE_TABLES],
  );
  return rows.map((row) => ({ name: row.name, hasId: row.has_id }));
}

/** The migrations applied to the database, in order. */
export async function appliedMigrations(db: Queryable = { query }): Promise<string[]> {
  const rows = await db.query<{ version: string }>('select version from schema_migrations order by version');
  return rows.map((row) => row.version);
}

/** `backup-<UTC timestamp>.json` for a moment. */
export function backupFileName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '')}.json`;
}

/** Told after each table is written: how many are done, of how many. */
export type TableProgress = (done: number, total: number) => Promise<void> | void;

/** The pieces of a backup document, in order; `onTable` hears of each table written. */
export async function* backupChunks(createdAt: Date, onTable?: TableProgress): AsyncGenerator<string> {
  const [tables, migrations] = await Promise.all([backupTables(), appliedMigrations()]);
  await onTable?.(0, tables.length);
  yield (
    `{"format":"${BACKUP_FORMAT.format}","version":${BACKUP_FORMAT.version},"createdAt":"${createdAt.toISOString()}",` +
    `"migrations":${JSON.stringify(migrations)},"tables":{`
  );
  for (const [index, table] of tables.entries()) {
    yield `${index === 0 ? '' : ','}\n${JSON.stringify(table.name)}:[`;
    let first = true;
    for await (const page of pages(table)) {
      yield `${first ? '' : ','}\n${page.join(',\n')}`;
      first = false;
    }
    yield ']';
    await onTable?.(index + 1, tables.length);
  }
  yield '\n},"blobs":[';
  let first = true;
  for await (const blob of blobs()) {
    yield `${first ? '' : ','}\n${JSON.stringify(blob)}`;
    first = false;
  }
  yield '\n]}\n';
}

async function* pages(table: BackupTable): AsyncGenerator<string[]> {
  if (!table.hasId) {
    const rows = await query<{ row: string }>(`select row_to_json(t)::text as row from ${ident(table.name)} t`);
    if (rows.length > 0) yield rows.map((r) => r.row);
    return;
  }
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; row: string }[] = await query(
      `select t.id::text as id, row_to_json(t)::text as row from ${ident(table.name)} t
       where ($1::bigint is null or t.id > $1::bigint) order by t.id limit ${PAGE_ROWS}`,
      [after],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => r.row);
    after = rows.at(-1)?.id ?? null;
  }
}

/** Where rows name files of the blob store: uploads, and the photos of sponsors' letters. */
const FILE_SOURCES = [
  `select id::text as id, blob_key as key, name, content_type as type, size, checksum from uploads
   where blob_key is not null and ($1::bigint is null or id > $1::bigint) order by id limit ${PAGE_ROWS}`,
  `select id::text as id, photo_key as key, 'letter-photo' as name, photo_type as type, null::int as size,
     photo_checksum as checksum from sponsor_letters
   where photo_key is not null and ($1::bigint is null or id > $1::bigint) order by id limit ${PAGE_ROWS}`,
];

/** The files the rows name, in the order of their rows, each read from the store. */
async function* blobs(): AsyncGenerator<BackupBlob> {
  for (const source of FILE_SOURCES) {
    let after: string | null = null;
    for (;;) {
      const rows: { id: string; key: string; name: string; type: string; size: number | null; checksum: string }[] =
        await query(source, [after]);
      if (rows.length === 0) break;
      for (const row of rows) {
        const bytes = await readBlob(row.key);
        yield {
          key: row.key,
          name: row.name,
          contentType: row.type,
          size: row.size ?? bytes?.byteLength ?? 0,
          sha256: row.checksum,
          data: bytes ? bytes.toString('base64') : null,
        };
      }
      after = rows.at(-1)?.id ?? null;
    }
  }
}

/** A backup downloaded from /samu, as the audit trail recorded it. */
export interface DownloadedBackup {
  readonly ts: string;
  readonly file: string;
  readonly actor: string;
}

/** Backups downloaded so far, newest first (from the audit trail): each may still hold what was erased since. */
export async function backupsDownloaded(db: Queryable = { query }): Promise<DownloadedBackup[]> {
  const rows = await db.query<{ ts: Date; file: string | null; actor: string | null }>(
    `select ts, payload->>'file' as file, payload->>'actor' as actor from events where type = 'admin.db.backup' order by id desc`,
  );
  return rows.map((row) => ({ ts: row.ts.toISOString(), file: row.file ?? '', actor: row.actor ?? '' }));
}
