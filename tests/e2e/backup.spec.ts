/**
 * The backup from /samu, made in the background: staff start it, see how far it has come, and download the file
 * through its signed link; the file holds every table the job counted, and `npm run db:restore` brings it back into
 * an empty database with the same rows and every picture with the same bytes. A changed link is refused.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { BackupJobAnswer } from '../../src/schemas/backup.ts';
import { staffToken } from './support/api.ts';
import { restoreCopy } from './support/backup.ts';
import { signIn } from './support/dashboard.ts';
import { largePng } from './support/images.ts';

test('staff start a backup, see its progress, download the file, and restore it whole', async ({ page, request }) => {
  // Beyond the dashboard, this runs `npm run db:restore` into a new embedded database (a copy of the initdb template,
  // then every migration): a command of its own, given the time it takes.
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const uploaded = await request.post('/api/admin/media/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'backup-restore.png', mimeType: 'image/png', buffer: largePng(64, 48, Date.now()) } },
  });
  expect(uploaded.status()).toBe(201);
  const { url: pictureUrl } = (await uploaded.json()) as { url: string };
  const served = await request.get(pictureUrl);
  expect(served.status()).toBe(200);

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
  const saved = await download.path();
  const file = JSON.parse(await readFile(saved, 'utf8')) as {
    format: string;
    version: number;
    tables: Record<string, Record<string, unknown>[]>;
    blobs: { key: string; sha256: string }[];
  };
  expect(file).toMatchObject({ format: 'watoto-backup', version: 2 });

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

  // Restored into an empty database: every table with as many rows as the file, every file with its bytes.
  const restored = await restoreCopy(saved, Object.keys(file.tables));
  expect(restored.counts).toEqual(
    Object.fromEntries(Object.entries(file.tables).map(([name, rows]) => [name, rows.length])),
  );
  expect(restored.files).toEqual(Object.fromEntries(file.blobs.map(({ key, sha256: sum }) => [key, sum])));
  const picture = file.tables['uploads']?.find((row) => pictureUrl.includes(`/${String(row['id'])}/`));
  expect(restored.files[String(picture?.['blob_key'])]).toBe(sha256(await served.body()));
});

/**
 * A backup too large for one answer, as the dashboard shows it: the server's pieces are stood in for by three slices
 * of a real backup (the real pieces start at 16 MB), served at links of their own.
 */
test('a backup in parts lists each part, says how to join them, and saves them as one file', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const chunks: Uint8Array[] = [];
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => void chunks.push(chunk),
      close: () => {
        const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
        chunks.reduce((at, chunk) => (whole.set(chunk, at), at + chunk.byteLength), 0);
        Object.assign(window, { savedText: new TextDecoder().decode(whole) });
      },
    });
    const handle = { createWritable: () => Promise.resolve(writable) };
    Object.assign(window, { showSaveFilePicker: () => Promise.resolve(handle) });
  });
  let file: Buffer | undefined;
  await page.route(/\/api\/admin\/db\/backup\/\d+$/, async (route) => {
    const { job } = BackupJobAnswer.parse(await (await route.fetch()).json());
    if (job.state === 'done' && job.download) {
      file = await (await request.get(job.download)).body();
      const third = Math.ceil(file.length / 3);
      job.files = [0, 1, 2].map((at) => ({
        name: `${job.file}.part-0${at + 1}-of-03`,
        part: at + 1,
        of: 3,
        bytes: Math.min(third, file!.length - at * third),
        url: `/test-backup-piece/${at}`,
      }));
      job.download = null;
    }
    await route.fulfill({ json: { job } });
  });
  await page.route('**/test-backup-piece/*', (route) => {
    const at = Number(route.request().url().split('/').at(-1));
    const third = Math.ceil(file!.length / 3);
    return route.fulfill({ body: file!.subarray(at * third, (at + 1) * third) });
  });
  await signIn(page, request);
  await page.getByRole('button', { name: 'Create backup' }).click();
  const parts = page.locator('.backup-files');
  await parts.getByText(/\(3 parts\)$/).click();
  await expect(parts.getByRole('link', { name: /^Part \d of 3 \(\d+ KB\)$/ })).toHaveCount(3);
  await expect(parts.getByText(/npm run db:restore -- part1 part2/)).toBeVisible();
  await parts.getByRole('button', { name: 'Save as one file' }).click();
  const status = parts.locator('[aria-live="polite"]');
  await expect(status).toHaveText(/^Saved backup-\d{8}T\d{6}Z\.json \(/);
  const saved = await page.evaluate(() => (window as unknown as { savedText: string }).savedText);
  expect(saved).toBe(file!.toString('utf8'));
  expect(JSON.parse(saved)).toMatchObject({ format: 'watoto-backup', version: 2 });
});
