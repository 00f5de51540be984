/**
 * Backups with the blob store: a backup holds the database and the manifest of the files its rows name, each with
 * its bytes; restoring it into an empty database and an empty blob store brings back both, every file with the same
 * bytes by SHA-256. A damaged copy stops the restore before anything is written; a file the store had lost is listed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import upload from '../../netlify/functions/admin-media-upload.ts';
import mediaFile from '../../netlify/functions/media-file.ts';
import { SEEDED_TABLES } from '../../netlify/functions/_shared/platform/backup.ts';
import { listBlobs, readBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalBlobs, type LocalBlobs } from '../../support/blobs/local-blobs.ts';
import { missingFiles, parseBackup, restoreBackup } from '../../scripts/data/restore.ts';
import { ADMIN_TABLES, bytesOf, call, keepReplyTemplates, staffToken, useJwtSecret } from '../support/admin.ts';
import { databases, emptyDatabase, rows, truncate, useDatabase } from '../support/databases.ts';
import type { BackgroundPlatform } from '../support/background-platform.ts';
import { backupPlatform, takeBackup as takeWholeBackup, within } from '../support/backup.ts';

describe.each(databases)('backup and restore of the blob store on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  let token: string;
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let platform: BackgroundPlatform;
  let storeDir: string;
  let store: LocalBlobs;
  beforeAll(async () => {
    target = await emptyDatabase(database);
    platform = await backupPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await target.drop();
  });
  beforeEach(async () => {
    await truncate(database, ADMIN_TABLES);
    token = await staffToken('staff');
    // An empty blob store for each restore.
    storeDir = await mkdtemp(join(tmpdir(), 'watoto-restore-blobs-'));
    store = await startLocalBlobs(storeDir);
    return async () => {
      await store.close().catch(() => {});
      await rm(storeDir, { recursive: true, force: true });
    };
  });

  const send = async (bytes: Uint8Array, name: string) => {
    const body = new FormData();
    body.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    const res = await call(upload, 'POST', '/api/admin/media/upload', { token, body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };
  // Each test restores into the same target: emptied again, but for the rows a migration seeds.
  const emptyTarget = async () => {
    const [listed] = await query<{ names: string }>(
      `select string_agg(quote_ident(table_name::text), ', ') as names from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
         and table_name::text <> all ($1::text[])`,
      [SEEDED_TABLES],
      target.target,
    );
    await query(`truncate ${listed!.names} restart identity cascade`, [], target.target);
  };
  const takeBackup = async () => (await takeWholeBackup(platform, token)).res.text();

  test('restores the rows and every file into an empty database and store, with the same bytes', async () => {
    const png = bytesOf('png', 4096);
    const pdf = bytesOf('pdf', 70_000);
    const pngUrl = await send(png, 'class.png');
    const pdfUrl = await send(pdf, 'report.pdf');
    // A row stored before the blob store keeps its bytes in the row, and in the backup's tables.
    const old = Buffer.from(bytesOf('gif', 300));
    await rows(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('old.gif', 'image/gif', 300, $1, 'staff')`,
      [old],
    );
    const parsed = parseBackup(await takeBackup());
    expect(parsed.version).toBe(2);
    expect(parsed.blobs.map((entry) => [entry.name, entry.size, entry.sha256])).toEqual([
      ['class.png', 4096, sha256(png)],
      ['report.pdf', 70_000, sha256(pdf)],
    ]);

    await emptyTarget();
    const counts = await within({ NETLIFY_BLOBS_CONTEXT: store.env.NETLIFY_BLOBS_CONTEXT }, () =>
      restoreBackup(parsed, target.target),
    );
    expect(counts['uploads']).toBe(3);
    const restored = await within(store.env, async () => {
      const keys = (await listBlobs()).map((blob) => blob.key).sort();
      const files = await Promise.all(keys.map(async (key) => sha256((await readBlob(key)) ?? new Uint8Array())));
      return { keys, files };
    });
    expect(restored.keys).toEqual(parsed.blobs.map((entry) => entry.key).sort());
    expect(restored.files.sort()).toEqual([sha256(png), sha256(pdf)].sort());

    // The restored site serves the same bytes at the same addresses.
    const env = { ...store.env, DATABASE_URL: target.target.url, DATABASE_WS_PROXY: target.target.proxy ?? '' };
    await within(env, async () => {
      for (const [url, bytes] of [
        [pngUrl, png],
        [pdfUrl, pdf],
      ] as const) {
        const served = await call(mediaFile, 'GET', url);
        expect(served.status, url).toBe(200);
        expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
      }
    });
    const [kept] = await query<{ data: Buffer }>(`select data from uploads where name = 'old.gif'`, [], target.target);
    expect(sha256(kept!.data)).toBe(sha256(old));
  });

  test('a damaged copy stops the restore before a row or a file is written', async () => {
    await send(bytesOf('png', 500), 'a.png');
    const parsed = parseBackup(await takeBackup());
    const [entry] = parsed.blobs;
    entry!.data = Buffer.from(bytesOf('png', 500).map((byte, index) => (index === 100 ? byte ^ 1 : byte))).toString(
      'base64',
    );
    await emptyTarget();
    await expect(within(store.env, () => restoreBackup(parsed, target.target))).rejects.toThrow(/damaged/);
    expect(await query('select id from uploads', [], target.target)).toEqual([]);
    expect(await within(store.env, () => listBlobs())).toEqual([]);
  });

  test('a blob store that cannot be reached stops the restore, and the database keeps no row', async () => {
    await send(bytesOf('png', 500), 'b.png');
    const parsed = parseBackup(await takeBackup());
    await emptyTarget();
    await store.close();
    await expect(within(store.env, () => restoreBackup(parsed, target.target))).rejects.toThrow();
    expect(await query('select id from uploads', [], target.target)).toEqual([]);
  });

  test('a file the store had lost is listed as missing, and its row still comes back', async () => {
    await send(bytesOf('png', 500), 'lost.png');
    await rows(database, `update uploads set blob_key = 'gone/lost.png'`);
    const parsed = parseBackup(await takeBackup());
    expect(missingFiles(parsed)).toEqual(['gone/lost.png']);
    await emptyTarget();
    const counts = await within(store.env, () => restoreBackup(parsed, target.target));
    expect(counts['uploads']).toBe(1);
  });
});
