/**
 * Loads a backup of admin-backup.ts into an empty, migrated database, in one transaction: ids,
 * timestamps and bytes come back exactly, and identity sequences continue after the restored ids. The files of its
 * blob manifest go back into the blob store under their keys, each checked against its SHA-256 before anything is
 * written; should the store refuse one, the database's transaction is rolled back.
 * Staff accounts, sessions and throttle rows are never restored, even from an older backup that has them:
 * `npm run admin:create` makes the accounts of a restored database. Rows a migration seeded are replaced by the
 * backup's.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  backupTables,
  ident,
  PRIVATE_TABLES,
  SEEDED_TABLES,
} from '../../netlify/functions/_shared/platform/backup.ts';
import { putBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { transaction, type DatabaseTarget, type Queryable } from '../../netlify/functions/_shared/platform/db.ts';

/** One file of a backup's blob manifest. */
export const BlobSchema = z.object({
  key: z.string().min(1),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  data: z.string().nullable(),
});

const BackupSchema = z.object({
  format: z.literal(BACKUP_FORMAT.format),
  // Version 1 kept every file's bytes in its row and has no blob manifest.
  version: z.union([z.literal(1), z.literal(BACKUP_FORMAT.version)]),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  blobs: z.array(BlobSchema).default([]),
});

/** A parsed backup document. */
export type Backup = z.infer<typeof BackupSchema>;

/** What a backup says of itself before its tables. */
export const HeaderSchema = BackupSchema.pick({ format: true, version: true, createdAt: true, migrations: true });
export type BackupHeader = z.infer<typeof HeaderSchema>;

/** One row of a table of the backup. */
export const RowSchema = z.record(z.string(), z.unknown());

/** A file of the backup's blob manifest with its bytes, checked against its size and SHA-256. */
export interface BackupFile {
  entry: Omit<Backup['blobs'][number], 'data'>;
  bytes: Buffer;
}

/**
 * A backup as the restore reads it: its tables' rows in batches of JSON texts, one table at a time, and its files one
 * at a time, so a reader over a file need hold no more than a batch or a file. Any file's bytes that do not match
 * its SHA-256 were refused before the reader was made.
 */
export interface BackupReader {
  /** Read line by line (the layout backup.ts writes), or parsed whole. */
  layout: 'lines' | 'whole';
  header: BackupHeader;
  /** The tables in the order of the file, with their number of rows. */
  tables: { name: string; rows: number }[];
  /** Batches of `table`'s rows, each row as its JSON text. */
  rows(table: string): AsyncIterable<string[]>;
  /** The files the backup holds the bytes of. */
  files(): AsyncIterable<BackupFile> | Iterable<BackupFile>;
  /** How many files the backup holds the bytes of. */
  fileCount: number;
  /** The keys of the files the blob store no longer had when the backup was made. */
  missing: string[];
}

// Rows per insert statement are capped by the size of their JSON, since uploads can be megabytes.
const MAX_BATCH_CHARS = 8 * 1024 * 1024;

/** Parses and checks a backup file's text; throws a readable error when it is not one. */
export function parseBackup(text: string): Backup {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The file is not JSON (is the backup complete?)');
  }
  const parsed = BackupSchema.safeParse(value);
  if (!parsed.success) throw new Error(`The file is not a backup: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** How the dashboard names the pieces of a backup too large for one download. */
const PIECE_NAME = /\.part-(\d+)-of-(\d+)$/;

/**
 * Checks that `paths` are all the pieces of one backup, in order, when they are named as the dashboard names them
 * (`<file>.part-01-of-03`…); pieces named otherwise are taken in the order given.
 */
export function checkPieceOrder(paths: readonly string[]): void {
  const named = paths.map((path) => PIECE_NAME.exec(basename(path)));
  if (named.every((match) => match === null)) return;
  const first = named.find((match) => match !== null);
  const of = Number(first?.[2]);
  named.forEach((match, at) => {
    if (!match || Number(match[2]) !== of || Number(match[1]) !== at + 1) {
      throw new Error(`Give the ${of} parts in order, part 1 first: ${paths[at]} is not part ${at + 1} of ${of}`);
    }
  });
  if (paths.length !== of) throw new Error(`Part ${paths.length + 1} of ${of} is missing`);
}

/** A backup's text from its file, or from its pieces joined in order (the bytes are joined before decoding). */
export async function readBackupFiles(paths: readonly string[]): Promise<string> {
  checkPieceOrder(paths);
  const pieces = await Promise.all(paths.map((path) => readFile(path)));
  return Buffer.concat(pieces).toString('utf8');
}

/** `entry`'s bytes; throws when they are not what its size and SHA-256 say (null when the backup has none). */
export function checkedFile(entry: Backup['blobs'][number]): BackupFile | null {
  if (entry.data === null) return null;
  const bytes = Buffer.from(entry.data, 'base64');
  if (bytes.byteLength !== entry.size || sha256(bytes) !== entry.sha256) {
    throw new Error(`The backup's copy of the file ${entry.key} is damaged: its bytes do not match its SHA-256`);
  }
  const { data: _data, ...rest } = entry;
  return { entry: rest, bytes };
}

/** A reader over a backup parsed whole; its files are all checked first. */
export function wholeReader(backup: Backup): BackupReader {
  const files = backup.blobs.flatMap((entry) => checkedFile(entry) ?? []);
  return {
    layout: 'whole',
    header: backup,
    tables: Object.entries(backup.tables).map(([name, rows]) => ({ name, rows: rows.length })),
    async *rows(table) {
      yield* batches((backup.tables[table] ?? []).map((row) => JSON.stringify(row)));
    },
    files: () => files,
    fileCount: files.length,
    missing: missingFiles(backup),
  };
}

/** The keys of the backup's files the blob store no longer had when it was made. */
export function missingFiles(backup: Backup): string[] {
  return backup.blobs.filter((entry) => entry.data === null).map((entry) => entry.key);
}

/**
 * Restores the backup `source` into the (empty, migrated) database of `target` and its files into the blob store of
 * the environment; returns rows restored per table.
 */
export async function restoreBackup(
  source: Backup | BackupReader,
  target?: DatabaseTarget,
): Promise<Record<string, number>> {
  const reader = 'rows' in source && typeof source.rows === 'function' ? source : wholeReader(source as Backup);
  return transaction(async (tx) => {
    const tables = reader.tables.filter(({ name }) => !PRIVATE_TABLES.includes(name));
    await checkTarget(tx, reader.header.migrations, tables);
    const counts: Record<string, number> = {};
    for (const { name: table, rows } of inReferenceOrder(tables, await references(tx))) {
      // The migration's starting rows give way to the backup's.
      if (SEEDED_TABLES.includes(table)) await tx.query(`delete from ${ident(table)}`);
      for await (const batch of reader.rows(table)) {
        await tx.query(
          `insert into ${ident(table)} overriding system value
           select * from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
      }
      counts[table] = rows;
    }
    await continueIdentities(tx);
    for await (const { entry, bytes } of reader.files()) {
      const { key, name, contentType, size, sha256: checksum } = entry;
      await putBlob(key, bytes, { name, contentType, size, sha256: checksum });
    }
    return counts;
  }, target);
}

/** Each table's foreign-key targets among the current schema's tables (a table referring to itself is left out). */
async function references(tx: Queryable): Promise<Map<string, string[]>> {
  const rows = await tx.query<{ source: string; target: string }>(
    `select c.conrelid::regclass::text as source, c.confrelid::regclass::text as target
     from pg_constraint c
     where c.contype = 'f' and c.connamespace = current_schema()::regnamespace and c.conrelid <> c.confrelid`,
  );
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.source, [...(map.get(row.source) ?? []), row.target]);
  return map;
}

/** `tables` with every table after the tables it refers to, so each insert finds the rows its keys point at. */
function inReferenceOrder<T extends { name: string }>(tables: T[], refersTo: Map<string, string[]>): T[] {
  const byName = new Map(tables.map((entry) => [entry.name, entry]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const target of refersTo.get(name) ?? []) place(target, path);
    const entry = byName.get(name);
    if (entry) ordered.push(entry);
    placed.add(name);
  };
  for (const { name } of tables) place(name, new Set());
  return ordered;
}

/**
 * Throws unless the database has the backup's schema and holds no rows (staff accounts may already exist, and the
 * {@link SEEDED_TABLES} hold their migration's rows).
 */
async function checkTarget(tx: Queryable, migrations: string[], restored: { name: string }[]): Promise<void> {
  const applied = new Set(await appliedMigrations(tx));
  const missing = migrations.filter((name) => !applied.has(name));
  if (missing.length > 0) throw new Error(`The database lacks migrations of the backup: ${missing.join(', ')}`);
  const tables = new Set((await backupTables(tx)).map((table) => table.name));
  for (const { name: table } of restored) {
    if (!tables.has(table)) throw new Error(`The backup has a table the database lacks: ${table}`);
  }
  for (const table of tables) {
    if (SEEDED_TABLES.includes(table)) continue;
    const [row] = await tx.query<{ used: boolean }>(`select exists (select 1 from ${ident(table)}) as used`);
    if (row?.used)
      throw new Error(`The database is not empty (table ${table} has rows); restore into an empty database`);
  }
}

/** `rows` (JSON texts) in batches for one insert each. */
export async function* batches(rows: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string[]> {
  let batch: string[] = [];
  let size = 0;
  for await (const row of rows) {
    const rowSize = row.length;
    if (batch.length > 0 && (size + rowSize > MAX_BATCH_CHARS || batch.length >= 500)) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(row);
    size += rowSize;
  }
  if (batch.length > 0) yield batch;
}

/** Moves each identity sequence past the highest restored id. */
async function continueIdentities(tx: Queryable): Promise<void> {
  const columns = await tx.query<{ table_name: string; column_name: string }>(
    `select table_name::text, column_name::text from information_schema.columns
     where table_schema = current_schema() and is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    await tx.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${ident(column)}), 1), max(${ident(column)}) is not null)
       from ${ident(table)}`,
      [ident(table), column],
    );
  }
}
