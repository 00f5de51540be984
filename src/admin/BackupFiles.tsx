import { useState } from 'react';
import type { BackupFile, BackupJob } from '../schemas/backup.ts';
import { backupJob } from './api.ts';

type Props = {
  readonly job: BackupJob;
};

/** The part of the File System Access API used here (Chromium only). */
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable: () => Promise<WritableStream<Uint8Array>> }>;

/** A size in MB, for the links. */
export function sizeText(bytes: number): string {
  const mb = bytes / 2 ** 20;
  return mb < 1 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/** How long before its links expire the job is read again for fresh ones. */
const FRESH_MS = 60_000;

function savePicker(): SaveFilePicker | undefined {
  return (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
}

/** Why a piece's download was refused, from its answer. */
async function refusal(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : `the server answered ${res.status}`;
}

/**
 * The download of a finished backup: one link when it is one file; else the links of its parts, how to join them,
 * and where the browser can write a file it is given ("Save as one file"), a button that fetches the parts one by
 * one into one file, saying how far it has come.
 */
export default function BackupFiles({ job }: Props) {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [first] = job.files;
  if (job.files.length === 1 && first) {
    return (
      <a className="button" href={first.url} download={first.name}>
        Download {job.file}
      </a>
    );
  }
  const picker = savePicker();

  async function saveAsOne(pick: SaveFilePicker): Promise<void> {
    let handle;
    try {
      handle = await pick({
        suggestedName: job.file,
        types: [{ description: 'Backup', accept: { 'application/json': ['.json'] } }],
      });
    } catch {
      return; // The picker was closed without a file.
    }
    setSaving(true);
    const writable = await handle.createWritable();
    try {
      let current = job;
      for (let at = 0; at < job.files.length; at += 1) {
        // Links expire: a long save reads the job again for fresh ones.
        if (Date.parse(current.downloadExpires ?? '') - Date.now() < FRESH_MS) current = await backupJob(job.id);
        const file: BackupFile | undefined = current.files[at];
        if (!file) throw new Error(`part ${at + 1} is no longer offered`);
        setStatus(`Saving part ${at + 1} of ${job.files.length}…`);
        const res = await fetch(file.url);
        if (!res.ok || !res.body) throw new Error(`part ${at + 1}: ${await refusal(res)}`);
        await res.body.pipeTo(writable, { preventClose: true });
      }
      await writable.close();
      setStatus(`Saved ${job.file} (${sizeText(job.bytes)})`);
    } catch (error) {
      await writable.abort().catch(() => {});
      setStatus(`Saving failed: ${error instanceof Error ? error.message : 'no reason was given'}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <details className="backup-files">
      <summary className="button">
        Download {job.file} ({job.files.length} parts)
      </summary>
      <p className="hint">
        Too large for one download: save every part, then <code>npm run db:restore -- part1 part2 …</code> reads them in
        order, part 1 first.
      </p>
      {picker ? (
        <p>
          <button type="button" className="button" onClick={() => void saveAsOne(picker)} disabled={saving}>
            Save as one file
          </button>{' '}
          <span aria-live="polite">{status}</span>
        </p>
      ) : null}
      <ol>
        {job.files.map((file) => (
          <li key={file.part}>
            <a href={file.url} download={file.name}>
              Part {file.part} of {file.of} ({sizeText(file.bytes)})
            </a>
          </li>
        ))}
      </ol>
    </details>
  );
}
