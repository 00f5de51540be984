import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, dismiss } from './stores/toast.ts';

type Props = Record<string, never>;

const VISIBLE_MS = 6000;

/** The one notification, bottom-right, announced politely; it stays while hovered or focused. */
export default function Toast(_props: Props) {
  const toast = useStore($toast);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(() => dismiss(toast.id), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast, held]);

  return (
    <div
      className="toast-region"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className={toast ? `toast toast-${toast.tone}` : 'toast-idle'}>
        {/* Always in the page, so a screen reader hears each new message; the close button stays outside it. */}
        <p role="status" aria-live="polite" className="toast-message">
          {toast?.message ?? ''}
        </p>
        {toast && (
          <button type="button" className="toast-close" onClick={() => dismiss(toast.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss notification</span>
          </button>
        )}
      </div>
    </div>
  );
}
