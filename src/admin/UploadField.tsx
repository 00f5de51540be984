import { useId, useState, type ChangeEvent } from 'react';
import { ApiError, uploadFile } from './api.ts';
import { shrinkImage } from './lib/shrink-image.ts';
import { notify } from './stores/toast.ts';
import { formatBytes, tooLargeReason, UPLOAD_LIMIT_TEXT } from '../lib/uploads.ts';

type Props = {
  /** What the file is for, e.g. 'Image URL'; names the button. */
  readonly forLabel: string;
  /** Accepted MIME types, comma-separated. */
  readonly accept: string;
  readonly onUploaded: (url: string, file: File) => void;
  readonly onBusy: (busy: boolean) => void;
};

/**
 * Picks a file, sends it to /api/admin/media/upload and hands back its URL. A photo over the upload limit is made
 * smaller in the browser first; a file that still cannot be taken says 'Upload failed' with the reason and
 * the limit, in the toast and under the field.
 */
export default function UploadField({ forLabel, accept, onUploaded, onBusy }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    const fail = (reason: string | null) => {
      setProblem(reason);
      notify(reason ? `Upload failed: ${reason}` : 'Upload failed', 'error');
    };
    setBusy(true);
    onBusy(true);
    try {
      const fitted = await shrinkImage(file);
      if ('cause' in fitted) {
        fail(tooLargeReason(file.name, file.size, fitted.cause));
        return;
      }
      const url = await uploadFile(fitted.file);
      onUploaded(url, fitted.file);
      notify(
        fitted.file === file
          ? `Uploaded ${file.name}`
          : `Uploaded ${fitted.file.name}, made smaller from ${formatBytes(file.size)} to ${formatBytes(fitted.file.size)}`,
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      fail(error instanceof ApiError && error.serverText ? error.serverText : null);
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
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
      />
      <p id={`${id}-hint`} className="hint">
        Up to {UPLOAD_LIMIT_TEXT}; a larger JPEG, PNG or WebP photo is made smaller before it is sent.
      </p>
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          Upload failed: {problem}
        </p>
      )}
    </div>
  );
}
