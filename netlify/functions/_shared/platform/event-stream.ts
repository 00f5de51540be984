/**
 * The live activity feed as Server-Sent Events, read from the `events` table alone so every function
 * instance's writes reach every open stream: the latest events first, then each new one by polling
 * ids, then the stream ends itself before the platform's 60 s limit and the browser resumes with
 * `Last-Event-ID`.
 */
import { changedResource } from './audit.ts';
import { query } from './db.ts';
import { eventAbout } from '../people/event-about.ts';

/** Timing of a stream. */
export interface StreamTiming {
  /** How long one response lasts (must stay under the platform's 60 s). */
  durationMs: number;
  /** How often new events are looked for. */
  pollMs: number;
  /**
   * How long a hole in the ids is waited on: ids are taken when a row is inserted but become visible
   * at commit, so a later id can show up first; a hole that stays is a rolled-back insert.
   */
  gapWaitMs: number;
  /** How often a comment line keeps idle proxies from closing the connection. */
  heartbeatMs: number;
  /** How often the stream asks whether it may go on (its session still live). */
  recheckMs: number;
}

/** Production timing. */
export const STREAM_TIMING: StreamTiming = {
  durationMs: 50_000,
  pollMs: 500,
  gapWaitMs: 1_000,
  heartbeatMs: 15_000,
  recheckMs: 5_000,
};

/** Most events sent in `initial_events`, and in one catch-up batch. */
export const INITIAL_EVENTS = 500;

/** One event as the stream and the events list send it. */
export interface StreamEvent {
  id: string;
  ts: string;
  type: string;
  payload: unknown;
  /** Who the event is about, looked up as it is read (see event-about.ts), or null. */
  about: unknown;
}

interface EventRow {
  id: string;
  ts: Date | string;
  type: string;
  payload: unknown;
  about: unknown;
  age_ms: number;
}

// Ordering is by `e.id`: a bare `id` would mean the text column of the select list.
const SELECT = `select id::text as id, ts, type, payload, ${eventAbout('e')},
  extract(epoch from clock_timestamp() - ts)::float8 * 1000 as age_ms from events e`;

const toEvent = ({ id, ts, type, payload, about }: EventRow): StreamEvent => ({
  id,
  ts: ts instanceof Date ? ts.toISOString() : new Date(ts).toISOString(),
  type,
  payload,
  about: about ?? null,
});

/**
 * The newest stored event's id ('0' when there is none). A staff list answer carries the one read just before its
 * rows (`eventsThrough`): the dashboard reloads the list when its stream brings a later event that touches it, one
 * stored after the list was read but before the stream began, which the stream sends only in `initial_events`.
 */
export async function newestEventId(): Promise<string> {
  const [row] = await query<{ id: string }>('select coalesce(max(id), 0)::text as id from events');
  return row?.id ?? '0';
}

/** One SSE message. */
export function sseMessage(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A `Last-Event-ID` worth resuming from, or undefined (then the stream starts with `initial_events`). */
export function resumeId(value: string | null): bigint | undefined {
  return value && /^(0|[1-9][0-9]{0,18})$/.test(value.trim()) ? BigInt(value.trim()) : undefined;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/**
 * The body of one stream response. `lastEventId` resumes after that event; without it the stream
 * opens with the latest {@link INITIAL_EVENTS} events, marked with the newest id so a reconnect resumes there.
 * The stream ends once `mayContinue` (asked every `timing.recheckMs`) answers false.
 */
export function eventStream(
  lastEventId: bigint | undefined,
  timing: StreamTiming = STREAM_TIMING,
  signal?: AbortSignal,
  mayContinue: () => Promise<boolean> = () => Promise.resolve(true),
): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  signal?.addEventListener('abort', () => stop.abort(), { once: true });
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      run(send, lastEventId, timing, stop.signal, mayContinue)
        .catch((failure: unknown) => {
          // The browser reconnects with Last-Event-ID, so ending here loses nothing.
          console.error('event stream:', failure);
        })
        .finally(() => {
          if (!stop.signal.aborted) controller.close();
          stop.abort();
        });
    },
    cancel() {
      stop.abort();
    },
  });
}

async function run(
  send: (text: string) => void,
  lastEventId: bigint | undefined,
  timing: StreamTiming,
  signal: AbortSignal,
  mayContinue: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timing.durationMs;
  send('retry: 1000\n\n');
  let cursor = lastEventId ?? (await sendInitial(send));
  let gapSince: number | undefined;
  let lastWrite = Date.now();
  let lastCheck = Date.now();

  while (!signal.aborted && Date.now() < deadline) {
    if (Date.now() - lastCheck >= timing.recheckMs) {
      if (!(await mayContinue())) return;
      lastCheck = Date.now();
    }
    const rows = await query<EventRow>(`${SELECT} where e.id > $1 order by e.id limit ${INITIAL_EVENTS}`, [
      cursor.toString(),
    ]);
    for (const row of rows) {
      const id = BigInt(row.id);
      if (id !== cursor + 1n && row.age_ms < timing.gapWaitMs) {
        gapSince ??= Date.now();
        if (Date.now() - gapSince < timing.gapWaitMs) break;
      }
      gapSince = undefined;
      const event = toEvent(row);
      send(sseMessage('new_event', { type: 'new_event', event }, event.id));
      const resource = changedResource(event.type);
      if (resource) send(sseMessage('resource_changed', { type: 'resource_changed', resource }, event.id));
      cursor = id;
      lastWrite = Date.now();
    }
    if (Date.now() - lastWrite >= timing.heartbeatMs) {
      send(': keep-alive\n\n');
      lastWrite = Date.now();
    }
    await sleep(Math.min(timing.pollMs, Math.max(0, deadline - Date.now())), signal);
  }
}

/** Sends `initial_events` and returns the id to continue after. */
async function sendInitial(send: (text: string) => void): Promise<bigint> {
  const rows = await query<EventRow>(`${SELECT} order by e.id desc limit ${INITIAL_EVENTS}`);
  const newest = rows[0]?.id ?? '0';
  send(sseMessage('initial_events', { type: 'initial_events', events: rows.map(toEvent) }, newest));
  return BigInt(newest);
}
