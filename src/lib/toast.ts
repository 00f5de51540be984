/**
 * Notification toasts: one visible at a time, bottom-right, read out by screen readers.
 * Plain DOM, so any island or page script can use it without shipping a component.
 */

const VISIBLE_MS = 6000;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows `message` in the page's single toast, replacing any toast already showing. */
export function showToast(message: string, tone: 'success' | 'error' = 'success'): void {
  let toast = document.getElementById('toast');
  if (!toast) {
    toast = document.createElement('div');
    toast.id = 'toast';
    toast.className = 'toast';
    toast.setAttribute('role', 'status');
    toast.setAttribute('aria-live', 'polite');
    document.body.append(toast);
  }
  toast.dataset['tone'] = tone;
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (toast) toast.hidden = true;
  }, VISIBLE_MS);
}
