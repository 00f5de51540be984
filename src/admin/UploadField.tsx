import { useId, useState, type ChangeEvent } from 'react';
import { ApiError, uploadFile } from './api.ts';
import { notify } from './stores/toast.ts';

type Props = {
  /** What the file is for, e.g. 'Image URL'; names the button. */
  readonly forLabel: string;
  /** Accepted MIME types, comma-separated. */
  readonly accept: string;
  readonly onUploaded: (url: string, file: File) => void;
  readonly onBusy: (busy: boolean) => void;
};

/** The API's upload limit (docs/api.md: 413 over 4 MB). */
const MAX_BYTES = 4 * 1024 * 1024;

/** Picks a file, sends it to /api/admin/media/upload and hands back its URL; says 'Upload failed' otherwise (spec §8). */
export default function UploadField({ forLabel, accept, onUploaded, onBusy }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem('The file is larger than 4 MB.');
      notify('Upload failed', 'error');
      input.value = '';
      return;
    }
    setBusy(true);
    onBusy(true);
    try {
      const url = await uploadFile(file);
      onUploaded(url, file);
      notify(`Uploaded ${file.name}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      setProblem(error instanceof ApiError && error.serverText ? error.serverText : null);
      notify('Upload failed', 'error');
    } finally {
      setBusy(false);
      onBusy(false);
      input.value = '';
    }
  }

  return (
    <div className="upload">
      <label htmlFor={id} className="upload-label">
        {busy ? 'Uploading...' : `Upload a file for ${forLabel}`}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        onChange={(event) => void onChange(event)}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          Upload failed: {problem}
        </p>
      )}
    </div>
  );
}
