/**
 * The backup from /samu, made in the background: staff start it, see how far it has come, and download the file
 * through its signed link; the file holds every table the job counted. A changed link is refused with the reason.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BackupJobAnswer } from '../../src/schemas/backup.ts';
import { staffToken } from './support/api.ts';
import { signIn } from './support/dashboard.ts';

test('staff start a backup, see its progress and download the file', async ({ page, request }) => {
  await signIn(page, request);
  const started = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/db/backup') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create backup' }).click();
  const answer = await started;
  expect(answer.status()).toBe(202);
  const { job } = BackupJobAnswer.parse(await answer.json());

  const progress = page.locator('.backup-progress');
  await expect(progress).toHaveAttribute('aria-live', 'polite');
  await expect(progress).toHaveText(/^Backing up: /);
  await expect(progress).toHaveText(`Backup ready: ${job.file}`);

  const waiting = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${job.file}` }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(job.file);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: string;
    version: number;
    tables: Record<string, unknown[]>;
  };
  expect(file).toMatchObject({ format: 'watoto-backup', version: 2 });

  const token = await staffToken(request);
  const read = await request.get(`/api/admin/db/backup/${job.id}`, { headers: { authorization: `Bearer ${token}` } });
  const done = BackupJobAnswer.parse(await read.json()).job;
  expect(done.state).toBe('done');
  expect(Object.keys(file.tables)).toHaveLength(done.tablesTotal);
  expect(Object.keys(file.tables)).toEqual(expect.arrayContaining(['events', 'programs', 'uploads']));
  expect(Object.keys(file.tables)).not.toContain('admin_users');

  const changed = await request.get(
    done.download!.replace(/expires=(\d+)/, (_, at: string) => `expires=${Number(at) + 1}`),
  );
  expect(changed.status()).toBe(403);
  expect(((await changed.json()) as { error: string }).error).toMatch(/not valid/);
});
