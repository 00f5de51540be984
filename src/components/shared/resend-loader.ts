/**
 * The layout's loader of the offline outbox: a classic inline script that adds the resend script (a separate bundle
 * that resends and watches, see src/scripts/resend-kept.ts) only when a submission waits in storage, so every other
 * page load fetches nothing more.
 */
import { createHash } from 'node:crypto';
import { PENDING_SUBMISSIONS_KEY } from '../../lib/outbox-key.ts';

/** The loader's source for the resend script at `src`, and its CSP hash (`script-src`). */
export function resendLoader(src: string): { script: string; hash: `sha256-${string}` } {
  const script = `try{if(localStorage.getItem(${JSON.stringify(PENDING_SUBMISSIONS_KEY)})){var s=document.createElement('script');s.src=${JSON.stringify(src)};document.body.append(s)}}catch(e){}`;
  return { script, hash: `sha256-${createHash('sha256').update(script).digest('base64')}` };
}
