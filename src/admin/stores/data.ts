import { atom, map } from 'nanostores';
import { fetchList, fetchStats, ApiError } from '../api.ts';
import { appendPage, type Row } from '../lib/list.ts';
import { isLaterEventId, MAX_EVENTS, mergeEvents, resourceOfEvent } from '../lib/events.ts';

/** Every staff list, in the spec's tab order. */
export const RESOURCES = [
  'events',
  'contacts',
  'newsletter',
  'volunteers',
  'programs',
  'blog',
  'donations',
  'gifts',
  'media',
  'children',
  'calendar',
  'team',
] as const;

/** One of the staff lists. */
export type Resource = (typeof RESOURCES)[number];

/** What a tab shows of one list. */
export type ListState = {
  readonly rows: readonly Row[];
  readonly nextCursor: string | null;
  /** 'idle' until its tab is first opened: a list nobody has looked at is not fetched. */
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  /** The newest event stored before the rows shown were read (the answer's `eventsThrough`), when it said. */
  readonly eventsThrough: string | null;
};

/** Rows fetched per page (the API's default; it allows up to 500). */
export const PAGE_SIZE = 100;
const MAX_LIMIT = 500;

const EMPTY: ListState = { rows: [], nextCursor: null, status: 'idle', error: null, eventsThrough: null };

function emptyLists(): Record<Resource, ListState> {
  return Object.fromEntries(RESOURCES.map((resource) => [resource, EMPTY])) as Record<Resource, ListState>;
}

/** Every list the dashboard shows. */
export const $lists = map<Record<Resource, ListState>>(emptyLists());

/** Counts per resource from /api/admin/stats, or null before the first answer. */
export const $stats = atom<Readonly<Record<string, number>> | null>(null);

/*
 * Answers are ordered by when their request was sent. A list shows an answer only if its request was sent after the
 * one whose answer it shows (an older answer is out of date) and after the last write (a read sent before a delete
 * committed would bring the deleted row back). An earlier answer sent after the write is shown at once rather than
 * waiting for a later duplicate reload (the live stream's notice of the same write), which on a busy server queues
 * behind it: waiting for "the latest request" is what kept a deleted program on screen while the counts said 0.
 */
let sequence = 0;
/** Per list (and 'stats'): the latest request sent. */
const issued: Record<string, number> = {};
/** Per list: the request whose answer is shown. */
const shown: Record<string, number> = {};
/** Per list: requests up to this one were sent before the last write, so their answers are never shown. */
const floor: Record<string, number> = {};

function send(key: string): number {
  sequence += 1;
  issued[key] = sequence;
  return sequence;
}

/** True when the answer to request `mine` is newer than what the list shows and than the last write. */
function current(key: string, mine: number): boolean {
  return mine > (shown[key] ?? 0) && mine > (floor[key] ?? 0);
}

function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Could not load the list.';
}

/**
 * Reloads one list (keeping as many rows as are shown, up to the API's limit). A failure keeps the rows and marks the
 * list with the error, which the table shows with Try again.
 */
export async function reloadResource(resource: Resource): Promise<void> {
  const mine = send(resource);
  const before = $lists.get()[resource];
  if (before.status === 'idle') $lists.setKey(resource, { ...before, status: 'loading' });
  const limit = Math.min(MAX_LIMIT, Math.max(PAGE_SIZE, before.rows.length));
  try {
    const page = await fetchList(resource, limit);
    if (!current(resource, mine)) return;
    shown[resource] = mine;
    const rows = resource === 'events' ? mergeEvents($lists.get().events.rows, page.rows) : page.rows;
    const { nextCursor, eventsThrough } = page;
    $lists.setKey(resource, { rows, nextCursor, status: 'ready', error: null, eventsThrough });
    // Unless a newer read is on its way already, catch up with what the stream brought since this one was read.
    if (issued[resource] === mine) catchUp([resource]);
  } catch (error) {
    // A newer answer is shown already, or a newer request is on its way and will tell: nothing to report.
    if (!current(resource, mine) || issued[resource] !== mine) return;
    $lists.setKey(resource, { ...$lists.get()[resource], status: 'error', error: failure(error) });
  }
}

/** Reloads the counts. */
export async function reloadStats(): Promise<void> {
  const mine = send('stats');
  try {
    const stats = await fetchStats();
    if (!current('stats', mine)) return;
    shown['stats'] = mine;
    $stats.set(stats);
  } catch {
    // The counts keep their last values; the lists show any lasting failure.
  }
}

/** Loads a list the first time its tab is shown. */
export function ensureLoaded(resource: Resource): void {
  if ($lists.get()[resource].status === 'idle') void reloadResource(resource);
}

function opened(): Resource[] {
  const lists = $lists.get();
  return RESOURCES.filter((resource) => lists[resource].status !== 'idle');
}

/**
 * Reloads every list and the counts (after a create, update or delete). Lists whose tab has not been opened
 * yet are left to load fresh when it is: the staff member sees the same, with fewer calls.
 */
export async function reloadAll(): Promise<void> {
  pending.clear();
  // Whatever was read before now may predate the write that called this.
  for (const key of [...RESOURCES, 'stats']) floor[key] = sequence;
  await Promise.all([reloadStats(), ...opened().map(reloadResource)]);
}

/** Fetches the next page of a list and adds it below the rows shown. */
export async function loadMore(resource: Resource): Promise<void> {
  const shownList = $lists.get()[resource];
  if (!shownList.nextCursor) return;
  const mine = send(resource);
  try {
    const page = await fetchList(resource, PAGE_SIZE, shownList.nextCursor);
    // The next page continues the rows shown only if nothing was read since.
    if (issued[resource] !== mine || !current(resource, mine)) return;
    shown[resource] = mine;
    const latest = $lists.get()[resource];
    const rows = resource === 'events' ? mergeEvents(latest.rows, page.rows) : appendPage(latest.rows, page.rows);
    const full = resource === 'events' && rows.length >= MAX_EVENTS;
    $lists.setKey(resource, { ...latest, rows, nextCursor: full ? null : page.nextCursor });
  } catch (error) {
    if (issued[resource] === mine) $lists.setKey(resource, { ...$lists.get()[resource], error: failure(error) });
  }
}

/** Adds events from the live stream to Recent Activity (newest first, each once, at most 500). */
export function addEvents(events: readonly Row[]): void {
  const current = $lists.get().events;
  $lists.setKey('events', { ...current, rows: mergeEvents(current.rows, events), status: 'ready', error: null });
}

/**
 * Reloads each given list whose rows were read before an event Recent Activity knows of that touches it. Closes the
 * gap between a list's read and the stream's start: an event stored in it reaches the dashboard only in the stream's
 * `initial_events`, never as a `new_event` that would reload the list (stores/live.ts calls this on `initial_events`;
 * a list read before those arrived calls it when its answer comes).
 */
export function catchUp(resources: readonly Resource[] = RESOURCES): void {
  const lists = $lists.get();
  const behind = resources.filter((resource) => {
    const { status, eventsThrough } = lists[resource];
    if (resource === 'events' || status !== 'ready' || eventsThrough === null) return false;
    return lists.events.rows.some(
      (event) => isLaterEventId(event.id, eventsThrough) && resourceOfEvent(event['type']) === resource,
    );
  });
  if (behind.length > 0) scheduleReload([...behind, 'stats']);
}

const pending = new Set<Resource | 'stats'>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Reloads the given lists and the counts shortly, coalescing bursts of live notices into one round of calls. */
export function scheduleReload(resources: readonly (Resource | 'stats')[]): void {
  for (const resource of resources) pending.add(resource);
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    const due = [...pending];
    pending.clear();
    const lists = $lists.get();
    for (const key of due) {
      if (key === 'stats') void reloadStats();
      else if (lists[key].status !== 'idle') void reloadResource(key);
    }
  }, 150);
}

/** True when a name is one of the staff lists. */
export function isResource(name: unknown): name is Resource {
  return typeof name === 'string' && (RESOURCES as readonly string[]).includes(name);
}

/** Forgets every list (on sign-out, so the next staff member never sees the last one's data). */
export function resetData(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  pending.clear();
  // Answers still on their way belong to the last staff member: none of them may be shown.
  for (const key of [...RESOURCES, 'stats']) floor[key] = sequence;
  for (const key of Object.keys(shown)) delete shown[key];
  $lists.set(emptyLists());
  $stats.set(null);
}
