/**
 * The restore reads a backup line by line (scripts/data/backup-reader.ts), so a backup larger than Node's largest
 * string can be restored: many rows and files come back exactly, from one file or from pieces cut anywhere; a cut,
 * damaged or reordered file is refused naming its line before anything is written; a small file not in the line
 * layout is read whole.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appliedMigrations } from '../../netlify/functions/_shared/platform/backup.ts';
import { listBlobs } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { openBackup } from '../../scripts/data/backup-reader.ts';
import { restoreBackup } from '../../scripts/data/restore.ts';
import { syntheticEvent, writeSyntheticBackup } from '../../scripts/bench/synthetic-backup.ts';
import { restoreElsewhere } from '../support/backup.ts';
import { databases, emptyDatabase, useDatabase } from '../support/databases.ts';

const EVENTS = 3000;
const FILES = 40;
const FILE_BYTES = 40_000;

describe.each(databases)('restoring a backup line by line on $name', (database) => {
  useDatabase(database);
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let dir: string;
  let path: string;
  let sums: Map<string, string>;
  beforeAll(async () => {
    target = await emptyDatabase(database);
    dir = await mkdtemp(join(tmpdir(), 'watoto-stream-'));
    path = join(dir, 'backup.json');
    const migrations = await appliedMigrations({ query: (sql, params) => query(sql, params, target.target) });
    sums = await writeSyntheticBackup(path, {
      migrations,
      events: EVENTS,
      files: FILES,
      fileBytes: FILE_BYTES,
      missing: ['uploads/lost'],
    });
  });
  afterAll(async () => {
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Restores `paths` into the empty target; the rows of `events` it then holds, and the files' checksums. */
  async function restore(paths: string[], layout: 'lines' | 'whole' = 'lines') {
    const reader = await openBackup(paths);
    expect(reader.layout).toBe(layout);
    expect(reader.tables).toEqual([
      { name: 'programs', rows: 0 },
      { name: 'events', rows: EVENTS },
    ]);
    expect(reader.fileCount).toBe(FILES);
    expect(reader.missing).toEqual(['uploads/lost']);
    let keys: string[] = [];
    const result = await restoreElsewhere(target.target, async (into) => {
      const counts = await restoreBackup(reader, into);
      keys = (await listBlobs('uploads/')).map((blob) => blob.key);
      return counts;
    });
    const events = await query<{ row: string }>(
      `select row_to_json(t)::text as row from events t order by id`,
      [],
      target.target,
    );
    return { ...result, keys, events: events.map((e) => JSON.parse(e.row) as unknown) };
  }

  test('many rows and files come back exactly, and ids continue after them', async () => {
    const { restored, checksums, keys, events } = await restore([path]);
    expect(restored).toMatchObject({ events: EVENTS, programs: 0 });
    expect(keys.sort()).toEqual([...sums.keys()].sort());
    expect(checksums).toEqual([...sums.values()].sort());
    expect(events).toHaveLength(EVENTS);
    expect(events[0]).toEqual(JSON.parse(syntheticEvent(1)));
    expect(events.at(-1)).toEqual(JSON.parse(syntheticEvent(EVENTS)));
    const [next] = await query<{ id: string }>(
      `insert into events (type) values ('after') returning id::text`,
      [],
      target.target,
    );
    expect(Number(next!.id)).toBe(EVENTS + 1);
  });

  test('pieces cut anywhere, even inside a character, restore the same as the whole file', async () => {
    const whole = await readFile(path);
    // A cut inside the first row's "—" (3 bytes in UTF-8) and one inside a file's line.
    const dash = whole.indexOf(Buffer.from('—')) + 1;
    const cuts = [0, dash, Math.floor(whole.length * 0.8), whole.length];
    const paths: string[] = [];
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      paths.push(join(dir, `backup.json.part-0${i + 1}-of-03`));
      await writeFile(paths.at(-1)!, whole.subarray(cuts[i], cuts[i + 1]));
    }
    const { restored, checksums, events } = await restore(paths);
    expect(restored['events']).toBe(EVENTS);
    expect(checksums).toEqual([...sums.values()].sort());
    expect(events[0]).toEqual(JSON.parse(syntheticEvent(1)));
    await expect(openBackup([paths[1]!, paths[0]!, paths[2]!])).rejects.toThrow(/not part 1 of/);
    await expect(openBackup(paths.slice(0, 2))).rejects.toThrow(/is missing/);
  });

  test('a cut, damaged or misshapen file is refused naming its line', async () => {
    const text = await readFile(path, 'utf8');
    const lines = text.split('\n');
    const cases: [string, RegExp][] = [
      [lines.slice(0, 1000).join('\n'), /^Line 1000: the backup ends early/],
      [text.slice(0, text.length - 200), /^Line \d+: expected one JSON object/],
      [lines.map((line, n) => (n === 10 ? line.replace('{"id"', '{"id":') : line)).join('\n'), /^Line 11: the row/],
      [lines.filter((_, n) => n !== 2).join('\n'), /^Line 3: expected the next table/],
      [`${text}{}\n`, /goes on after its end/],
    ];
    // A file whose bytes do not match its SHA-256.
    const at = lines.findIndex((line) => line.startsWith('{"key"'));
    const damaged = [...lines];
    damaged[at] = damaged[at]!.replace(/"data":"(.)/, (_, c: string) => `"data":"${c === 'A' ? 'B' : 'A'}`);
    cases.push([damaged.join('\n'), new RegExp(`^Line ${at + 1}: .*damaged`)]);
    for (const [content, error] of cases) {
      const broken = join(dir, 'broken.json');
      await writeFile(broken, content);
      await expect(openBackup([broken]), String(error)).rejects.toThrow(error);
    }
  });

  test('npm run db:restore refuses a damaged file before it opens the database', async () => {
    const lines = (await readFile(path, 'utf8')).split('\n');
    const at = lines.length - 4;
    lines[at] = lines[at]!.replace(/"sha256":"(.)/, (_, c: string) => `"sha256":"${c === 'a' ? 'b' : 'a'}`);
    const damaged = join(dir, 'damaged.json');
    await writeFile(damaged, lines.join('\n'));
    await query(`truncate events restart identity`, [], target.target);
    const run = spawnSync(process.execPath, ['scripts/db-restore.ts', damaged], {
      env: { ...process.env, DATABASE_URL: target.target.url, DATA_DIR: join(dir, 'data') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(`Cannot read ${damaged}: Line ${at + 1}: The backup's copy of the file`);
    const [row] = await query<{ n: number }>(`select count(*)::int as n from events`, [], target.target);
    expect(row?.n).toBe(0);
  });

  test('a small file not in the line layout is read whole; a large one is refused', async () => {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
    const pretty = join(dir, 'pretty.json');
    await writeFile(pretty, JSON.stringify(parsed, null, 2));
    const { restored, checksums } = await restore([pretty], 'whole');
    expect(restored['events']).toBe(EVENTS);
    expect(checksums).toEqual([...sums.values()].sort());
    const { WHOLE_FILE_LIMIT } = await import('../../scripts/data/backup-reader.ts');
    const large = join(dir, 'large.json');
    await writeFile(large, Buffer.alloc(WHOLE_FILE_LIMIT + 1, ' '));
    await expect(openBackup([large])).rejects.toThrow(/does not start as the dashboard writes a backup/);
    await rm(large);
  });
});
