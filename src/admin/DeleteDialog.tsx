import { useState } from 'react';
import { ApiError, deleteRecord } from './api.ts';
import type { Row } from './lib/list.ts';
import { reloadAll, type Resource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import ConfirmDialog from './ConfirmDialog.tsx';

type Props = {
  readonly resource: Resource;
  /** Singular name, e.g. 'contact'. */
  readonly noun: string;
  readonly row: Row;
  /** Names the row, e.g. 'Jane Doe (jane@example.org)'. */
  readonly description: string;
  /** Called when the dialog closes; `deleted` tells whether the row went away (then focus needs a new place). */
  readonly onClose: (deleted: boolean) => void;
};

/** Asks before deleting one record; on Delete removes it and reloads every list. */
export default function DeleteDialog({ resource, noun, row, description, onClose }: Props) {
  const [pending, setPending] = useState(false);

  async function confirm(): Promise<void> {
    setPending(true);
    let deleted = true;
    try {
      await deleteRecord(resource, row.id);
      notify(`Deleted ${noun}: ${description}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      // Already gone (deleted elsewhere) counts as deleted: the reload below shows that.
      deleted = error instanceof ApiError && error.status === 404;
      if (deleted) notify(`That ${noun} was already deleted.`);
      else notify(`Could not delete the ${noun}: ${error instanceof Error ? error.message : 'unknown error'}`, 'error');
    }
    onClose(deleted);
    void reloadAll();
  }

  return (
    <ConfirmDialog
      title={`Delete this ${noun}?`}
      text={`${description}. This cannot be undone.`}
      confirmLabel={pending ? 'Deleting...' : `Delete ${noun}`}
      pending={pending}
      onCancel={() => onClose(false)}
      onConfirm={() => void confirm()}
    />
  );
}
