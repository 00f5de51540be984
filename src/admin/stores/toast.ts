import { atom } from 'nanostores';

/** The one notification on screen (one toast at a time). */
export type Toast = { readonly id: number; readonly message: string; readonly tone: 'info' | 'error' };

/** The current notification, or null. */
export const $toast = atom<Toast | null>(null);

let next = 1;

/** Shows a notification, replacing any one already shown. */
export function notify(message: string, tone: Toast['tone'] = 'info'): void {
  $toast.set({ id: next++, message, tone });
}

/** Hides the notification with this id, if it is still the one shown. */
export function dismiss(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}
