/**
 * A backup too large for one answer downloads in pieces: each piece's answer holds at most the piece size, its link is
 * checked as the whole file's is, and the pieces saved and given to the restore in order restore the same rows and
 * files. A backup's parts are deleted from the blob store a day after it ends, its job kept as 'expired' and its
 * links answering 410; the daily retention job and the next backup's start both do it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import upload from '../../netlify/functions/admin-media-upload.ts';
import retention from '../../netlify/functions/retention.ts';
import {
  backupPrefix,
  BACKUP_KEEP_HOURS,
  expireBackups,
} from '../../netlify/functions/_shared/platform/backup-expiry.ts';
import { createJob, downloadLink, partKey, runJob } from '../../netlify/functions/_shared/platform/backup-jobs.ts';
import { deleteBlob, listBlobs, putBlob } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { openBackup } from '../../scripts/data/backup-reader.ts';
import { parseBackup, readBackupFiles, restoreBackup } from '../../scripts/data/restore.ts';
import { ADMIN_TABLES, bytesOf, call, keepReplyTemplates, staffToken, useJwtSecret } from '../support/admin.ts';
import type { BackgroundPlatform } from '../support/background-platform.ts';
import {
  addLongPrograms,
  backupPlatform,
  fetchDownload,
  readJob,
  restoreElsewhere,
  startBackup,
  tableCounts,
} from '../support/backup.ts';
import { databases, emptyDatabase, truncate, useDatabase } from '../support/databases.ts';

const PART = 2048;
const PIECE = 3 * PART;
const HOUR = 3600_000;

describe.each(databases)('backups in pieces and their expiry on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  let token: string;
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let platform: BackgroundPlatform;
  let dir: string;
  beforeAll(async () => {
    target = await emptyDatabase(database);
    platform = await backupPlatform();
    dir = await mkdtemp(join(tmpdir(), 'watoto-pieces-'));
  });
  afterAll(async () => {
    await platform.close();
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'backup_jobs']);
    // Job ids start again at 1: the parts of an earlier test's jobs must not be counted as this one's.
    for (const blob of await listBlobs('backups/')) await deleteBlob(blob.key);
    token = await staffToken('staff');
  });

  /** A finished job of several pieces of at most {@link PIECE} bytes. */
  async function largeBackup() {
    await addLongPrograms(30);
    const job = await createJob('staff');
    await runJob(job.id, PART, PIECE);
    return readJob(token, job.id);
  }

  test('each piece answers at most the piece size, and the pieces in order restore the same rows and files', async () => {
    const body = new FormData();
    body.append('file', new File([bytesOf('pdf', 9000) as Uint8Array<ArrayBuffer>], 'report.pdf'));
    expect((await call(upload, 'POST', '/api/admin/media/upload', { token, body })).status).toBe(201);
    const job = await largeBackup();
    expect(job.state).toBe('done');
    expect(job.bytes).toBeGreaterThan(2 * PIECE);
    expect(job.download).toBeNull();
    expect(job.files.length).toBe(Math.ceil(job.bytes / PIECE));
    expect(job.files.map((file) => file.bytes).reduce((sum, bytes) => sum + bytes, 0)).toBe(job.bytes);

    const paths: string[] = [];
    for (const file of job.files) {
      expect(file).toMatchObject({ part: paths.length + 1, of: job.files.length });
      expect(file.name).toBe(`${job.file}.part-${String(file.part).padStart(2, '0')}-of-${job.files.length}`);
      const res = await fetchDownload(file.url, job.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file.name}"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.byteLength).toBe(file.bytes);
      expect(bytes.byteLength).toBeLessThanOrEqual(PIECE);
      paths.push(join(dir, file.name));
      await writeFile(paths.at(-1)!, bytes);
    }

    const counts = await tableCounts();
    const sources = await query<{ checksum: string }>(`select checksum from uploads order by id`);
    // Read whole, and line by line as `npm run db:restore` reads it: the same rows and files.
    const lines = await openBackup(paths);
    expect(lines.layout).toBe('lines');
    for (const backup of [parseBackup(await readBackupFiles(paths)), lines]) {
      const { restored, checksums } = await restoreElsewhere(target.target, (into) => restoreBackup(backup, into));
      for (const [table, count] of Object.entries(counts)) expect(restored[table] ?? 0, table).toBe(count);
      expect(restored['programs']).toBe(30);
      expect(checksums).toEqual(sources.map((row) => row.checksum).sort());
    }

    await expect(readBackupFiles([paths[1]!, paths[0]!, ...paths.slice(2)])).rejects.toThrow(/not part 1 of/);
    await expect(readBackupFiles(paths.slice(0, -1))).rejects.toThrow(/is missing/);
  });

  test('the whole-file link of a large backup is refused, and each piece link is checked on its own', async () => {
    const job = await largeBackup();
    const whole = await fetchDownload(downloadLink(job.id).url, job.id);
    expect(whole.status).toBe(409);
    expect(((await whole.json()) as { error: string }).error).toMatch(`comes in ${job.files.length} parts`);

    const first = job.files[0]!.url;
    const second = first.replace('piece=1&', 'piece=2&');
    const expired = downloadLink(job.id, new Date(Date.now() - 16 * 60_000), 1).url;
    for (const [url, status, reason] of [
      [second, 403, /not valid/],
      [first.replace('piece=1&', ''), 403, /not valid/],
      [expired, 403, /expired/],
      [downloadLink(job.id, new Date(), job.files.length + 1).url, 404, /no part/],
    ] as const) {
      const res = await fetchDownload(url, job.id);
      expect(res.status, url).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(reason);
    }
  });

  test('a small backup stays one file behind one link', async () => {
    const job = await createJob('staff');
    await runJob(job.id);
    const done = await readJob(token, job.id);
    expect(done.files).toEqual([{ name: done.file, part: 1, of: 1, bytes: done.bytes, url: done.download }]);
    expect((await fetchDownload(done.download!, job.id)).status).toBe(200);
  });

  test('a day after a backup ends its parts are deleted, the job kept as expired and its links answer 410', async () => {
    const done = await largeBackup();
    const finished = new Date(done.finishedAt!);
    expect(await listBlobs(backupPrefix(done.id))).toHaveLength(done.parts);
    // A failed run that left a part behind, and one that never ended.
    const failed = await createJob('staff');
    await putBlob(partKey(failed.id, 0), new Uint8Array([1]), { name: 'p', contentType: 'x', size: 1, sha256: 'x' });
    await query(`update backup_jobs set state = 'failed', error = 'stopped', finished_at = $2 where id = $1`, [
      failed.id,
      finished,
    ]);
    const abandoned = await createJob('staff', finished);
    await query(`update backup_jobs set state = 'running' where id = $1`, [abandoned.id]);
    // A backup that ended two hours later keeps its parts.
    const recent = await createJob('staff');
    await runJob(recent.id);
    await query(`update backup_jobs set finished_at = $2 where id = $1`, [
      recent.id,
      new Date(finished.getTime() + 2 * HOUR),
    ]);

    expect(await expireBackups(new Date(finished.getTime() + BACKUP_KEEP_HOURS * HOUR - 1000))).toBe(0);
    expect(await listBlobs(backupPrefix(done.id))).toHaveLength(done.parts);
    expect(await expireBackups(new Date(finished.getTime() + BACKUP_KEEP_HOURS * HOUR + 1000))).toBe(3);

    for (const id of [done.id, failed.id, abandoned.id]) expect(await listBlobs(backupPrefix(id)), id).toEqual([]);
    const expired = await readJob(token, done.id);
    expect(expired).toMatchObject({ state: 'expired', files: [], download: null, bytes: done.bytes });
    expect(expired.expiredAt).not.toBeNull();
    expect(await readJob(token, failed.id)).toMatchObject({ state: 'expired', error: 'stopped' });
    expect(await readJob(token, abandoned.id)).toMatchObject({ state: 'expired', error: 'The backup never finished' });
    expect((await readJob(token, recent.id)).state).toBe('done');
    expect(await listBlobs(backupPrefix(recent.id))).not.toEqual([]);

    for (const url of [done.files[0]!.url, downloadLink(done.id).url]) {
      const gone = await fetchDownload(url, done.id);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { error: string }).error).toMatch(/deleted 24 hours after.*create a new backup/);
    }
  });

  test('the daily retention job and the next backup start both delete the parts of old backups', async () => {
    const dayAgo = new Date(Date.now() - (BACKUP_KEEP_HOURS + 1) * HOUR);
    const old = async () => {
      const job = await createJob('staff');
      await runJob(job.id);
      await query(`update backup_jobs set finished_at = $2 where id = $1`, [job.id, dayAgo]);
      return job.id;
    };
    const first = await old();
    const res = await retention();
    expect(((await res.json()) as { backupsExpired: number }).backupsExpired).toBe(1);
    expect((await readJob(token, first)).state).toBe('expired');
    expect(await listBlobs(backupPrefix(first))).toEqual([]);

    const second = await old();
    const { status, started } = await startBackup(platform, token);
    expect(status).toBe(202);
    await Promise.all(started);
    await platform.settled();
    expect((await readJob(token, second)).state).toBe('expired');
    expect(await listBlobs(backupPrefix(second))).toEqual([]);
  });
});
