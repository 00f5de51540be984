/**
 * Attributes React 19's types do not list yet: Invoker Commands (`commandfor`/`command`, a button opens or closes a
 * dialog without script) and the dialog's `closedby` (light dismiss). React passes them through as attributes.
 */
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: 'show-modal' | 'close' | 'request-close' | `--${string}` | undefined;
  }
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none' | undefined;
  }
}
