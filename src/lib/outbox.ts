/**
 * Sending a public form, and keeping it when it could not be sent: the submission waits in localStorage
 * (`pendingSubmissions`) and is resent when the connection returns. Each carries the id the browser gave it, so
 * the server stores it once however many times it arrives.
 */
import type { TrackBody } from './forms.ts';
import { PENDING_SUBMISSIONS_KEY as STORAGE_KEY } from './outbox-key.ts';
import { CHECKOUT_ACTION } from './payment.ts';

const RETRY_MS = 5_000;

/** A problem the server found with one field (`path` like `payload.email`). */
export type SubmitIssue = { path: string; message: string };

/**
 * What became of one send: accepted (2xx; a gift form's answer names the checkout to pay at), refused with reasons
 * (4xx), or not sent (offline, 429, 5xx).
 */
export type SendResult =
  { status: 'sent'; checkoutUrl?: string } | { status: 'invalid'; issues: SubmitIssue[] } | { status: 'not-sent' };

/** The forms that start a payment: sent to the checkout, which stores them with a pending gift. */
const CHECKOUT_TYPES: ReadonlySet<string> = new Set(['donation_intent', 'sponsorship_application']);

/** What a resend announces: the submission's id, and for a gift form the checkout address it was given. */
export type Resent = { submissionId: string; checkoutUrl?: string };

type Pending = TrackBody & { submissionId: string };

/** Window event a resend announces (detail: {@link Resent}), heard by every copy of this module on the page. */
const RESENT_EVENT = 'outbox:resent';
let flushing: Promise<void> | undefined;
let watching = false;

/** A fresh submission id (random UUID where the browser offers one). */
export function newSubmissionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Sends one submission once; the answer decides success, never the mere end of the request. */
export async function send(body: TrackBody): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(CHECKOUT_TYPES.has(body.type) ? CHECKOUT_ACTION : '/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 'not-sent' };
  }
  if (response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { checkoutUrl?: unknown };
    return typeof answer.checkoutUrl === 'string' && /^https?:\/\//.test(answer.checkoutUrl)
      ? { status: 'sent', checkoutUrl: answer.checkoutUrl }
      : { status: 'sent' };
  }
  if (response.status === 429 || response.status >= 500) return { status: 'not-sent' };
  const answer = (await response.json().catch(() => ({}))) as { issues?: SubmitIssue[]; error?: string };
  return {
    status: 'invalid',
    issues: answer.issues ?? [{ path: '', message: answer.error ?? 'Please check the form' }],
  };
}

/** Sends a submission, keeping it to resend later when it could not be sent now. */
export async function submit(body: Pending): Promise<SendResult> {
  const result = await send(body);
  if (result.status === 'not-sent') keep(body);
  else forget(body.submissionId);
  return result;
}

/** Calls `listener` with each kept submission that is later sent; returns the unsubscribe. */
export function onResent(listener: (resent: Resent) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Resent>).detail);
  window.addEventListener(RESENT_EVENT, handle);
  return () => window.removeEventListener(RESENT_EVENT, handle);
}

/** Starts resending kept submissions now, whenever the connection returns, and every 5 s while any wait online. */
export function watchOutbox(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => void flush());
  // `online` can come a moment before requests get through, and a busy server may answer 503: keep trying.
  setInterval(() => {
    if (navigator.onLine && read().length > 0) void flush();
  }, RETRY_MS);
  void flush();
}

/** Resends every kept submission, oldest first; stops at the first that still cannot be sent. */
export function flush(): Promise<void> {
  // `finally` on the promise (not inside the async body) runs after the assignment, even for an empty outbox.
  // The layout's resend script and a form island each carry this module: the lock lets one resend at a time.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  flushing ??= (locks ? locks.request(STORAGE_KEY, resendAll) : resendAll()).finally(() => (flushing = undefined));
  return flushing;
}

async function resendAll(): Promise<void> {
  for (const body of read()) {
    const result = await send(body);
    if (result.status === 'not-sent') return;
    forget(body.submissionId);
    if (result.status === 'sent') {
      const detail: Resent = {
        submissionId: body.submissionId,
        ...(result.checkoutUrl ? { checkoutUrl: result.checkoutUrl } : {}),
      };
      window.dispatchEvent(new CustomEvent(RESENT_EVENT, { detail }));
    }
  }
}

function read(): Pending[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? (value as Pending[]) : [];
  } catch {
    return [];
  }
}

function write(list: Pending[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage blocked or full: the form keeps its values on screen, and a later submit tries again.
  }
}

/** Keeps (or replaces, same id) a submission to resend. */
function keep(body: Pending): void {
  write([...read().filter((item) => item.submissionId !== body.submissionId), body]);
}

function forget(submissionId: string): void {
  const list = read();
  if (list.some((item) => item.submissionId === submissionId)) {
    write(list.filter((item) => item.submissionId !== submissionId));
  }
}
