import { atom, map } from 'nanostores';
import { fetchSeen, markSeen, type SeenAnswer } from '../api.ts';
import type { Row } from '../lib/list.ts';
import { $lists, type Resource } from './data.ts';

/** The lists that count "new" rows: those visitors add to (server: src/schemas/notifications.ts SEEN_RESOURCES). */
export const SEEN_LISTS = [
  'events',
  'contacts',
  'newsletter',
  'volunteers',
  'donations',
] as const satisfies readonly Resource[];

/** One of {@link SEEN_LISTS}. */
export type SeenList = (typeof SEEN_LISTS)[number];

/** The signed-in staff member's "new" counts and last-seen ids, or null before the first answer. */
export const $seen = atom<SeenAnswer | null>(null);

/**
 * Per list, the newest id the staff member had seen when they opened it this time: rows above it are marked new while
 * the list stays open, even though opening it has already cleared the count.
 */
export const $newAbove = map<Partial<Record<SeenList, bigint>>>({});

/** True when a name is one of the lists that count new rows. */
export function isSeenList(name: unknown): name is SeenList {
  return typeof name === 'string' && (SEEN_LISTS as readonly string[]).includes(name);
}

let generation = 0;

/** Reloads the counts; a slower, older answer never overwrites a newer one. */
export async function reloadSeen(): Promise<void> {
  const mine = ++generation;
  try {
    const answer = await fetchSeen();
    if (mine === generation) $seen.set(answer);
  } catch {
    // The badges keep their last values; the lists show any lasting failure.
  }
}

function newestId(rows: readonly Row[], list: SeenList): bigint {
  let newest = 0n;
  for (const row of rows) {
    if (!/^\d+$/.test(row.id)) continue;
    // Staff actions in Recent Activity are never "new".
    if (list === 'events' && String(row['type']).startsWith('admin.')) continue;
    const id = BigInt(row.id);
    if (id > newest) newest = id;
  }
  return newest;
}

/** True when `row` arrived after the staff member last opened `list`. */
export function isNewRow(list: SeenList, above: bigint | undefined, row: Row): boolean {
  if (above === undefined || !/^\d+$/.test(row.id)) return false;
  if (list === 'events' && String(row['type']).startsWith('admin.')) return false;
  return BigInt(row.id) > above;
}

/**
 * The staff member opened `list`: remembers what was new for the markers, then, each time the list shows rows newer
 * than the mark, moves the mark up to them (clearing the count for this staff member only). Returns the stop function.
 */
export function watchOpened(list: SeenList): () => void {
  let marked = false;
  let posted = 0n;
  const snapshot = (seen: SeenAnswer | null): void => {
    if (marked || !seen) return;
    marked = true;
    const last = seen.lastSeen[list] ?? '0';
    posted = /^\d+$/.test(last) ? BigInt(last) : 0n;
    $newAbove.setKey(list, posted);
  };
  const sync = (): void => {
    const state = $lists.get()[list];
    if (!marked || state.status !== 'ready') return;
    const newest = newestId(state.rows, list);
    if (newest <= posted) return;
    posted = newest;
    void markSeen(list, newest.toString())
      .then((answer) => $seen.set(answer))
      .catch(() => {
        // The count stays; the next opening tries again.
      });
  };
  const stopSeen = $seen.subscribe((seen) => {
    snapshot(seen);
    sync();
  });
  const stopLists = $lists.subscribe(sync);
  return () => {
    stopSeen();
    stopLists();
  };
}

/** Forgets everything (on sign-out: the next staff member has their own marks). */
export function resetSeen(): void {
  generation += 1;
  $seen.set(null);
  $newAbove.set({});
}
