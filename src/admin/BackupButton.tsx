import { useEffect, useRef, useState } from 'react';
import type { BackupJob } from '../schemas/backup.ts';
import { ApiError, backupJob, startBackup } from './api.ts';
import BackupFiles from './BackupFiles.tsx';
import { notify } from './stores/toast.ts';

type Props = Record<string, never>;

/** How often a running backup is asked how far it has come. */
const POLL_MS = 1000;

/** How long before a finished backup's links expire the job is read again, so the links shown keep working. */
const RENEW_BEFORE_MS = 30_000;

/** What the line beside the button says of a job. */
export function backupProgress(job: BackupJob): string {
  if (job.state === 'done') return `Backup ready: ${job.file}`;
  if (job.state === 'failed') return `Backup failed: ${job.error ?? 'no reason was given'}`;
  if (job.state === 'expired') return 'Backup expired: its files were deleted; create a new backup';
  if (job.tablesTotal === 0) return 'Backing up: starting…';
  return `Backing up: ${job.tablesDone} of ${job.tablesTotal} tables…`;
}

/**
 * Starts a database backup in the background, says how far it has come (read out politely), and once done offers
 * the file (or its parts, when too large for one download) behind signed links, read again before they expire;
 * a failure says why.
 */
export default function BackupButton(_props: Props) {
  const [job, setJob] = useState<BackupJob | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const running = starting || job?.state === 'queued' || job?.state === 'running';

  function follow(current: BackupJob): void {
    setJob(current);
    if (current.state === 'done') notify(`Backup created: ${current.file}`);
    if (current.state === 'failed') notify(backupProgress(current), 'error');
    if (current.state === 'done') renewLinks(current);
    if (current.state !== 'queued' && current.state !== 'running') return;
    timer.current = setTimeout(() => {
      backupJob(current.id).then(follow, failed);
    }, POLL_MS);
  }

  /** Reads a finished job again shortly before its links expire, for fresh ones (until its files are deleted). */
  function renewLinks(current: BackupJob): void {
    const wait = Date.parse(current.downloadExpires ?? '') - Date.now() - RENEW_BEFORE_MS;
    if (Number.isNaN(wait)) return;
    timer.current = setTimeout(
      () => {
        backupJob(current.id).then((fresh) => {
          setJob(fresh);
          if (fresh.state === 'done') renewLinks(fresh);
        }, failed);
      },
      Math.max(wait, POLL_MS),
    );
  }

  function failed(error: unknown): void {
    setJob(null);
    // After a 401 the login form already says why; a second message would only repeat it.
    if (error instanceof ApiError && error.status === 401) return;
    notify(`Backup failed: ${error instanceof Error ? error.message : 'no reason was given'}`, 'error');
  }

  async function run(): Promise<void> {
    setStarting(true);
    setJob(null);
    try {
      follow(await startBackup());
    } catch (error) {
      failed(error);
    } finally {
      setStarting(false);
    }
  }

  return (
    <span className="backup-action">
      <button type="button" className="button" onClick={() => void run()} disabled={running} aria-busy={running}>
        {running ? 'Creating backup...' : 'Create backup'}
      </button>
      <span className="backup-progress" aria-live="polite">
        {job ? backupProgress(job) : ''}
      </span>
      {job?.state === 'done' && job.files.length > 0 ? <BackupFiles job={job} /> : null}
    </span>
  );
}
