import { useEffect, useRef } from 'react';

type Props = {
  readonly username: string;
  /** Called with true to remove the account, false to keep it. */
  readonly onClose: (remove: boolean) => void;
};

/** Asks before removing a staff account. */
export default function RemoveStaffDialog({ username, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="remove-title"
      aria-describedby="remove-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id="remove-title">Remove {username}?</h2>
      <p id="remove-text">Their sessions end at once and they can no longer sign in.</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onClose(false)} autoFocus>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={() => onClose(true)}>
          Remove account
        </button>
      </div>
    </dialog>
  );
}
