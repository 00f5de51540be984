import { useState } from 'react';
import { createBackup } from './api.ts';
import { saveFile } from './download.ts';
import { notify } from './stores/toast.ts';
import { ApiError } from './api.ts';

type Props = Record<string, never>;

/** Creates a database backup, downloads it, and says 'Backup created: {file}' or 'Backup failed'. */
export default function BackupButton(_props: Props) {
  const [pending, setPending] = useState(false);

  async function run(): Promise<void> {
    setPending(true);
    try {
      const { blob, filename } = await createBackup();
      saveFile(blob, filename);
      notify(`Backup created: ${filename}`);
    } catch (error) {
      // After a 401 the login form already says why; a second message would only repeat it.
      if (!(error instanceof ApiError && error.status === 401)) notify('Backup failed', 'error');
    } finally {
      setPending(false);
    }
  }

  return (
    <button type="button" className="button" onClick={() => void run()} disabled={pending} aria-busy={pending}>
      {pending ? 'Creating backup...' : 'Create backup'}
    </button>
  );
}
