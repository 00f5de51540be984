import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  /** The close button's name, in the page's language. */
  closeLabel?: string;
  /** Id of the `<dialog>`: a button with `commandfor={id} command="show-modal"` opens it, before and without JavaScript. */
  id: string;
  /** Heading of the dialog, also its accessible name. */
  title: string;
  /** Extra class on the dialog, for its width. */
  className?: string;
  /** For a dialog a script opens (rather than a button): whether it is showing. */
  open?: boolean;
  /** Called whenever the dialog closes (close button, Escape, the backdrop, or a script). */
  onClose?: () => void;
  children: ReactNode;
};

/** The attributes that make a button open the dialog `id` natively (Invoker Commands), no script needed. */
export function opensDialog(id: string) {
  return { commandfor: id, command: 'show-modal', 'aria-haspopup': 'dialog' } as const;
}

/** Opens the dialog `id` from a script (e.g. a link's `?child=`), if it is in the page. */
export function openDialog(id: string): void {
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

/** Closes the dialog `id` if it is open. */
export function closeDialog(id: string): void {
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement && dialog.open) dialog.close();
}

/** A modal `<dialog>` keeps Tab cycling inside it rather than letting it leave for the browser's own controls. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], .honeypot'),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native `<dialog>`, in the page from the start: buttons open it declaratively (Invoker
 * Commands), so the first tap works before the island hydrates and with JavaScript off. The browser makes the
 * page behind it inert, closes it on Escape or a click on the backdrop (`closedby="any"`) and returns focus to
 * the opener; once hydrated, Tab also keeps cycling inside.
 */
export default function Modal({ id, title, className, open, onClose, children, closeLabel = 'Close' }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;

  useEffect(() => {
    const element = dialog.current;
    if (open === undefined || !element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id={id}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      closedby="any"
      onClose={onClose}
      onKeyDown={keepTabInside}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" commandfor={id} command="close" aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
