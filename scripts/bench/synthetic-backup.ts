/**
 * Writes a made-up backup in the line layout of backup.ts, for the restore's tests and its memory bench: the audit
 * trail's `events` with many rows (texts with line breaks, quotes and characters of several bytes), and files of
 * the blob manifest of a given size, each with its SHA-256. Nothing is held but the line being written.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { BACKUP_FORMAT } from '../../netlify/functions/_shared/platform/backup.ts';
import { sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';

export interface SyntheticBackup {
  migrations: string[];
  /** Rows of `events`. */
  events: number;
  /** Files of the manifest, and the size of each in bytes. */
  files: number;
  fileBytes: number;
  /** Keys of files listed as missing from the store (no bytes). */
  missing?: string[];
}

/** A made-up event's row as `row_to_json` writes it. */
export function syntheticEvent(id: number): string {
  const payload = { note: `line one\nline two "quoted" ${id}`, name: 'Neema Mwakasege — ü 🌍', n: id };
  return JSON.stringify({ id, ts: '2026-01-02T03:04:05.123456+00:00', type: 'synthetic', payload });
}

/** Writes the backup `spec` describes to `path`; returns the SHA-256 of each file, by key. */
export async function writeSyntheticBackup(path: string, spec: SyntheticBackup): Promise<Map<string, string>> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    `{"format":"${BACKUP_FORMAT.format}","version":${BACKUP_FORMAT.version},"createdAt":"2026-11-28T00:00:00.000Z",` +
      `"migrations":${JSON.stringify(spec.migrations)},"tables":{`,
  );
  // Before events, an empty table, as backup.ts writes one.
  await write(`\n"programs":[]`);
  await write(`,\n"events":[`);
  for (let id = 1; id <= spec.events; id += 1) {
    await write(`${id === 1 ? '' : ','}\n${syntheticEvent(id)}`);
  }
  await write(']\n},"blobs":[');
  const sums = new Map<string, string>();
  for (let index = 0; index < spec.files; index += 1) {
    const bytes = randomBytes(spec.fileBytes);
    const key = `uploads/synthetic-${index}`;
    sums.set(key, sha256(bytes));
    const entry = {
      key,
      name: `file-${index}.bin`,
      contentType: 'application/octet-stream',
      size: bytes.byteLength,
      sha256: sums.get(key),
      data: bytes.toString('base64'),
    };
    await write(`${index === 0 ? '' : ','}\n${JSON.stringify(entry)}`);
  }
  for (const [index, key] of (spec.missing ?? []).entries()) {
    const entry = { key, name: key, contentType: 'image/jpeg', size: 1, sha256: '0'.repeat(64), data: null };
    await write(`${spec.files + index === 0 ? '' : ','}\n${JSON.stringify(entry)}`);
  }
  await write('\n]}\n');
  out.end();
  await once(out, 'finish');
  return sums;
}
