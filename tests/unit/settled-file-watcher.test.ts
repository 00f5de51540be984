/**
 * The local server's function watcher (scripts/lib/settled-file-watcher.ts): a change is reported once the file has
 * been quiet, and a subscriber that leaves in the meantime (functions-dev unsubscribes a removed function) is not
 * called for a change it no longer watches.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, test } from 'vitest';
import { SETTLE_MS, SettledFileWatcher } from '../../scripts/lib/settled-file-watcher.ts';

const watcher = new SettledFileWatcher();
let scratch: string | undefined;

afterAll(async () => {
  await watcher.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('reports a settled change once, and nothing to a subscriber that left while it settled', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'watoto-watch-'));
  const file = join(scratch, 'probe.mjs');
  await writeFile(file, 'first');
  const staying: string[][] = [];
  const leaving: string[][] = [];
  watcher.subscribe({ paths: file, onChange: (paths) => void staying.push(paths) });
  const leaver = watcher.subscribe({ paths: file, onChange: (paths) => void leaving.push(paths) });
  // Written again and again, 20 ms apart (far inside the quiet time): each write restarts it, so nothing is reported.
  for (let i = 0; i < 15; i += 1) {
    await writeFile(file, `second ${i}`);
    await sleep(20);
  }
  expect(staying, 'nothing reported while the file keeps changing').toEqual([]);
  leaver.unsubscribe();
  await expect.poll(() => staying, { timeout: 5_000 }).toEqual([[file]]);
  await sleep(SETTLE_MS);
  expect(leaving).toEqual([]);
});
