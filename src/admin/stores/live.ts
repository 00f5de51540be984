import { atom } from 'nanostores';
import { ApiError, fetchStreamToken } from '../api.ts';
import { unwrapList, type Row } from '../lib/list.ts';
import { resourceOfEvent } from '../lib/events.ts';
import { addEvents, catchUp, isResource, RESOURCES, scheduleReload, type Resource } from './data.ts';

/** Whether Recent Activity is receiving events right now. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** The state of the live stream, shown next to Recent Activity. */
export const $liveStatus = atom<LiveStatus>('connecting');

const MAX_DELAY_MS = 15_000;
const RECONNECT_GRACE_MS = 1500;
const HEALTHY_MS = 5000;

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function affected(events: readonly Row[]): (Resource | 'stats')[] {
  const resources = new Set<Resource | 'stats'>(['stats']);
  for (const event of events) {
    const resource = resourceOfEvent(event['type']);
    if (isResource(resource)) resources.add(resource);
  }
  return [...resources];
}

/**
 * Opens the live event stream and keeps it open: each connection gets a fresh stream token (they last 5 minutes and the
 * server ends a stream before 60 s), reconnecting at once after a clean end and backing off while the server is away.
 * A reconnect asks to resume after the last event seen (`lastEventId`, as a fresh EventSource cannot send the
 * Last-Event-ID header); a server that ignores it sends `initial_events` again, merged by id. Returns a stop function.
 */
export function startLive(): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastEventId = '';
  let slowReconnect: ReturnType<typeof setTimeout> | undefined;

  const receive = (message: Record<string, unknown>): void => {
    failures = 0;
    const kind = message['type'];
    if (kind === 'initial_events') {
      addEvents(unwrapList(message['events'] ?? [], 'events').rows);
      // Events stored after a list was read but before this stream began (or during a reconnect's gap) come only
      // here: each list they touch is reloaded.
      catchUp();
    } else if (kind === 'new_event') {
      const events = unwrapList([message['event']], 'events').rows;
      addEvents(events);
      scheduleReload(affected(events));
    } else if (kind === 'resource_changed') {
      // The notice names the list that changed; only an unknown name reloads them all.
      const resource = message['resource'];
      scheduleReload(isResource(resource) ? [resource, 'stats'] : [...RESOURCES, 'stats']);
    }
  };

  const scheduleConnect = (): void => {
    if (stopped) return;
    const delay = failures === 0 ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - 1));
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
  };

  const connect = async (): Promise<void> => {
    let token: string;
    try {
      token = await fetchStreamToken();
    } catch (error) {
      // A 401 has already signed out (api.ts makes the call again when a password change replaced the token);
      // anything else is retried.
      if (!(error instanceof ApiError && error.status === 401)) scheduleConnect();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ token });
    if (lastEventId) query.set('lastEventId', lastEventId);
    const stream = new EventSource(`/api/admin/events/stream?${query.toString()}`);
    source = stream;
    const onMessage = (event: MessageEvent): void => {
      if (stopped) return;
      const message = parse(event.data);
      if (message) receive(message);
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    let openedAt = Number.NaN;
    stream.addEventListener('open', () => {
      openedAt = Date.now();
      clearTimeout(slowReconnect);
      $liveStatus.set('live');
    });
    for (const name of ['message', 'initial_events', 'new_event', 'resource_changed']) {
      stream.addEventListener(name, onMessage as EventListener);
    }
    stream.addEventListener('error', () => {
      // The browser's own retry would reuse a token that may have expired; reconnect with a fresh one instead.
      stream.close();
      if (source !== stream || stopped) return;
      source = null;
      // A stream that stayed open a while ended normally (the server's time limit): reconnect at once.
      if (Date.now() - openedAt >= HEALTHY_MS) failures = 0;
      // The server ends every stream before 60 s and the next one opens at once: only a reconnect that takes a
      // while is shown, so the status does not flicker once a minute.
      clearTimeout(slowReconnect);
      slowReconnect = setTimeout(() => $liveStatus.set('reconnecting'), RECONNECT_GRACE_MS);
      scheduleConnect();
    });
  };

  $liveStatus.set('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(slowReconnect);
    source?.close();
    source = null;
  };
}
