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
      role="status"
      aria-live="polite"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {toast && (
        <div className={`toast toast-${toast.tone}`} key={toast.id}>
          <span>{toast.message}</span>
          <button type="button" className="toast-close" onClick={() => dismiss(toast.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss notification</span>
          </button>
        </div>
      )}
    </div>
  );
}
