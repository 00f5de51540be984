import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  /** Whether the dialog is showing. */
  open: boolean;
  /** Called when the visitor closes it (close button, Escape or the backdrop). */
  onClose: () => void;
  /** Heading of the dialog, also its accessible name. */
  title: string;
  /** Extra class on the dialog, for its width. */
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native `<dialog>`: the rest of the page is inert while it is open, Tab cycles inside it,
 * Escape closes it, and focus returns to whatever opened it.
 */
export default function Modal({ open, onClose, title, className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  const restoreFocus = () => {
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
  };

  return (
    <dialog
      ref={dialog}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={restoreFocus}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
      onKeyDown={(event) => {
        // A modal <dialog> lets Tab leave for the browser's own controls; keep it cycling inside instead.
        if (event.key !== 'Tab' || !dialog.current) return;
        const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
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
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
