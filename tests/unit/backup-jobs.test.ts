/**
 * Backups made in the background: staff start a job, the background function writes the backup in parts to the blob
 * store and counts its progress, and the finished file downloads through a signed link that expires. The downloaded
 * file restores into an empty database and an empty blob store with the same row counts and the same file bytes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import backup from '../../netlify/functions/admin-backup.ts';
import background from '../../netlify/functions/admin-backup-background.ts';
import upload from '../../netlify/functions/admin-media-upload.ts';
import { backupTables } from '../../netlify/functions/_shared/platform/backup.ts';
import {
  BACKGROUND_PATH,
  checkDownloadLink,
  createJob,
  downloadLink,
  partKey,
  runJob,
  startRun,
} from '../../netlify/functions/_shared/platform/backup-jobs.ts';
import { readBlob } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { parseBackup, restoreBackup } from '../../scripts/data/restore.ts';
import { ADMIN_TABLES, bytesOf, call, keepReplyTemplates, staffToken, useJwtSecret } from '../support/admin.ts';
import { startBackgroundPlatform, type BackgroundPlatform } from '../support/background-platform.ts';
import {
  addLongPrograms,
  backupPlatform,
  fetchDownload,
  readJob,
  restoreElsewhere,
  startBackup,
  tableCounts,
} from '../support/backup.ts';
import { databases, emptyDatabase, rows, truncate, useDatabase } from '../support/databases.ts';

describe.each(databases)('backups in the background on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  let token: string;
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let platform: BackgroundPlatform;
  beforeAll(async () => {
    target = await emptyDatabase(database);
    platform = await backupPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await target.drop();
  });
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'backup_jobs']);
    token = await staffToken('staff');
  });

  const start = () => startBackup(platform, token);
  const read = (id: string) => readJob(token, id);
  const fetchLink = fetchDownload;

  test('runs in the background, reports its progress, and its download restores the same rows and files', async () => {
    for (const [kind, size, name] of [
      ['png', 4096, 'class.png'],
      ['pdf', 70_000, 'report.pdf'],
    ] as const) {
      const body = new FormData();
      body.append('file', new File([bytesOf(kind, size) as Uint8Array<ArrayBuffer>], name));
      expect((await call(upload, 'POST', '/api/admin/media/upload', { token, body })).status).toBe(201);
    }
    await rows(database, `insert into programs (title, slug, content) values ('Clinics', 'clinics', 'Karibu')`);

    const { status, job, started } = await start();
    expect(status).toBe(202);
    expect(job).toMatchObject({ state: 'queued', requestedBy: 'staff', download: null });
    expect(job.file).toMatch(/^backup-\d{8}T\d{6}Z\.json$/);
    await Promise.all(started);
    await platform.settled();

    const done = await read(job.id);
    expect(done.state).toBe('done');
    expect(done.tablesTotal).toBe((await backupTables()).length);
    expect(done.tablesDone).toBe(done.tablesTotal);
    expect(done.parts).toBeGreaterThanOrEqual(1);
    expect(done.download).toMatch(new RegExp(`^/api/admin/db/backup/${job.id}/download\\?expires=\\d+&signature=`));
    const events = await query<{ payload: Record<string, unknown> }>(
      `select payload from events where type = 'admin.db.backup'`,
    );
    expect(events.map((event) => event.payload)).toEqual([{ actor: 'staff', file: job.file, job: job.id }]);

    const res = await fetchLink(done.download!, job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${job.file}"`);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBe(done.bytes);
    const parsed = parseBackup(text);
    expect(parsed.version).toBe(2);

    const counts = await tableCounts();
    const sources = await query<{ checksum: string }>(`select checksum from uploads order by id`);
    const { restored, checksums } = await restoreElsewhere(target.target, (into) => restoreBackup(parsed, into));
    for (const [table, count] of Object.entries(counts)) expect(restored[table] ?? 0, table).toBe(count);
    expect(checksums).toEqual(sources.map((row) => row.checksum).sort());
  });

  test('a large backup is written in many parts and downloads as the one document', async () => {
    await addLongPrograms(40);
    const job = await createJob('staff');
    await runJob(job.id, 2048);
    const done = await read(job.id);
    expect(done.parts).toBeGreaterThan(1);
    // Every part but the last holds at least the part size; together they are the file.
    const sizes: number[] = [];
    for (let index = 0; index < done.parts; index += 1) sizes.push((await readBlob(partKey(job.id, index)))!.length);
    for (const size of sizes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(2048);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(done.bytes);
    const parsed = parseBackup(await (await fetchLink(done.download!, job.id)).text());
    expect(parsed.tables['programs']).toHaveLength(40);
  });

  test('an altered, borrowed or expired link is refused with the reason', async () => {
    const first = await createJob('staff');
    const second = await createJob('staff');
    await runJob(first.id);
    await runJob(second.id);
    const link = downloadLink(first.id).url;
    const altered = link.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) + 60}`);
    for (const [url, id] of [
      [altered, first.id],
      [link.replace(`/${first.id}/`, `/${second.id}/`), second.id],
      [link.replace(/signature=.*/, 'signature='), first.id],
    ] as const) {
      const res = await fetchLink(url, id);
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/not valid/);
    }
    const old = downloadLink(first.id, new Date(Date.now() - 16 * 60 * 1000)).url;
    const expired = await fetchLink(old, first.id);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: string }).error).toMatch(/expired/);
    // A link works for its fifteen minutes, and not after.
    const issued = new Date('2026-11-28T10:00:00Z');
    const params = new URL(downloadLink(first.id, issued).url, 'http://x').searchParams;
    expect(checkDownloadLink(first.id, params, new Date('2026-11-28T10:14:59Z'))).toBe('valid');
    expect(checkDownloadLink(first.id, params, new Date('2026-11-28T10:15:00Z'))).toBe('expired');
  });

  test('only this server starts a run, a job runs once, and staff alone read its state', async () => {
    const job = await createJob('staff');
    const forged = await background(
      new Request(`http://localhost${BACKGROUND_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-backup-run-signature': 'A'.repeat(43) },
        body: JSON.stringify({ id: job.id }),
      }),
    );
    expect(forged.status).toBe(403);
    expect((await read(job.id)).state).toBe('queued');
    await runJob(job.id);
    const bytes = (await read(job.id)).bytes;
    await runJob(job.id);
    expect((await read(job.id)).bytes).toBe(bytes);
    const res = await call(backup, 'GET', `/api/admin/db/backup/${job.id}`, { params: { id: job.id } });
    expect(res.status).toBe(401);
    expect((await call(backup, 'GET', '/api/admin/db/backup/999', { token, params: { id: '999' } })).status).toBe(404);
  });

  test('a run the platform would not start fails with the reason, and its link is never offered', async () => {
    const refusing = await startBackgroundPlatform(BACKGROUND_PATH, background, 500);
    try {
      const job = await createJob('staff');
      await startRun(refusing.origin, job.id);
      const failed = await read(job.id);
      expect(failed).toMatchObject({ state: 'failed', download: null });
      expect(failed.error).toMatch(/could not start.*500/);
    } finally {
      await refusing.close();
    }
  });
});
