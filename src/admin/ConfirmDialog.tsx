import { useId, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog.ts';

type Props = {
  /** The question, which also names the dialog: "Delete this contact?" */
  readonly title: string;
  /** What happens if the staff member goes ahead. */
  readonly text: ReactNode;
  /** The button that goes ahead: "Delete contact". */
  readonly confirmLabel: string;
  /** While the action runs, neither button nor Escape does anything. */
  readonly pending?: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
};

/** Asks before an action that cannot be undone; Cancel has the focus, so Enter alone never destroys anything. */
export default function ConfirmDialog({ title, text, confirmLabel, pending = false, onCancel, onConfirm }: Props) {
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
