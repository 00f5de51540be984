import { useId, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog.ts';

type Props = {
  /** The dialog's heading, which also names it. */
  readonly title: string;
  /** Extra class for its width and inner layout. */
  readonly className?: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
};

/**
 * A modal dialog staff work in (an application, the reply templates): open while mounted, named by its heading, and
 * closed by Escape or its Close button through `onClose`, so the opener decides where focus returns.
 */
export default function WorkDialog({ title, className, onClose, children }: Props) {
  const ref = useModalDialog();
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
