import { atom } from 'nanostores';
import { adminJson } from '../api.ts';
import { InboxAnswer } from '../../schemas/inbox.ts';

/** What the inbox shows: its last answer, or why it could not be read. */
export type InboxState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly inbox: InboxAnswer }
  | { readonly status: 'error'; readonly inbox: InboxAnswer | null };

/** The signed-in staff member's inbox. */
export const $inbox = atom<InboxState>({ status: 'loading' });

let generation = 0;

/**
 * Reads the inbox, judged at the dashboard's clock (as the Applications list judges its overdue marks); a slower,
 * older answer never overwrites a newer one.
 */
export async function reloadInbox(): Promise<void> {
  const mine = ++generation;
  try {
    const answer = InboxAnswer.parse(
      await adminJson(`/api/admin/inbox?${new URLSearchParams({ at: new Date().toISOString() }).toString()}`),
    );
    if (mine === generation) $inbox.set({ status: 'ready', inbox: answer });
  } catch {
    if (mine !== generation) return;
    const shown = $inbox.get();
    $inbox.set({ status: 'error', inbox: shown.status === 'loading' ? null : shown.inbox });
  }
}

/** Forgets the inbox (on sign-out: the next staff member has their own). */
export function resetInbox(): void {
  generation += 1;
  $inbox.set({ status: 'loading' });
}
