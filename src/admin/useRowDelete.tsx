import { useState, type ReactNode, type RefObject } from 'react';
import type { Row } from './lib/list.ts';
import type { RecordConfig } from './table.ts';
import DeleteDialog from './DeleteDialog.tsx';

/**
 * Deleting one row of a list tab: `ask(row)` opens the confirmation, and `dialog` is what to render for it. Once the
 * row is gone, focus continues from the tab's heading (its Delete button went with it); a cancel returns focus itself.
 */
export function useRowDelete(
  config: Pick<RecordConfig, 'resource' | 'noun' | 'describe'>,
  heading: RefObject<HTMLHeadingElement | null>,
): { ask: (row: Row) => void; dialog: ReactNode } {
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const dialog = toDelete && (
    <DeleteDialog
      resource={config.resource}
      noun={config.noun}
      row={toDelete}
      description={config.describe(toDelete)}
      onClose={(deleted) => {
        setToDelete(null);
        if (deleted) requestAnimationFrame(() => heading.current?.focus());
      }}
    />
  );
  return { ask: setToDelete, dialog };
}
