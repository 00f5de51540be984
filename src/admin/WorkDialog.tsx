import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

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
