import { useEffect, useRef } from 'react';

/**
 * The ref of a <dialog> that is open, as a modal, for as long as the component holding it is mounted: the dashboard
 * shows a dialog by rendering it and closes it by no longer rendering it.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
