/**
 * The dashboard's live stream (src/admin/stores/live.ts) with a stand-in EventSource and network: what reaches
 * Recent Activity, which lists each notice reloads, and how it reconnects.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $lists, reloadResource, resetData } from '../../src/admin/stores/data.ts';
import { $liveStatus, startLive } from '../../src/admin/stores/live.ts';
import { $token, replaceToken, signIn, signOut } from '../../src/admin/stores/session.ts';

/** A stand-in for the browser's EventSource: the test opens, sends and fails it. */
class FakeSource {
  static all: FakeSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent | Event) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }

  addEventListener(name: string, listener: (event: MessageEvent | Event) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(name: string, data?: unknown, lastEventId = ''): void {
    const event =
      data === undefined ? new Event(name) : new MessageEvent(name, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

/** Every URL fetched, and the token answer for the stream. */
let fetched: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  fetched = [];
  resetData();
  vi.stubGlobal('EventSource', FakeSource);
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    const body = url.endsWith('/stream-token') ? { token: `stream-${fetched.length}` } : { nextCursor: null };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
  });
});

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const event = (id: string, type: string) => ({ id, ts: `2026-11-23T10:00:0${id}Z`, type, payload: {} });

/** Starts the stream and waits for its first connection. */
async function connected(): Promise<{ stop: () => void; source: FakeSource }> {
  const stop = startLive();
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  const source = FakeSource.all[0]!;
  source.emit('open');
  return { stop, source };
}

describe('the live stream', () => {
  test('connects with a stream token, shows Live, and fills Recent Activity from initial_events', async () => {
    const { stop, source } = await connected();
    expect(source.url).toMatch(/^\/api\/admin\/events\/stream\?token=stream-1$/);
    expect($liveStatus.get()).toBe('live');
    source.emit('initial_events', { type: 'initial_events', events: [event('1', 'admin.login')] }, '1');
    expect($lists.get().events.rows.map((row) => row.id)).toEqual(['1']);
    stop();
    expect(source.closed).toBe(true);
  });

  test('a new event is added and reloads the list it changed and the counts, once per burst', async () => {
    const { stop, source } = await connected();
    $lists.setKey('contacts', { rows: [], nextCursor: null, status: 'ready', error: null, eventsThrough: null });
    fetched = [];
    source.emit('new_event', { type: 'new_event', event: event('2', 'contact_submit') }, '2');
    source.emit('new_event', { type: 'new_event', event: event('3', 'contact_submit') }, '3');
    expect($lists.get().events.rows.map((row) => row.id)).toEqual(['3', '2']);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetched.sort()).toEqual(['/api/admin/contacts?limit=100', '/api/admin/stats']);
    stop();
  });

  test('resource_changed reloads only the list it names (and the counts), not every open list', async () => {
    const { stop, source } = await connected();
    for (const resource of ['programs', 'contacts'] as const) {
      $lists.setKey(resource, { rows: [], nextCursor: null, status: 'ready', error: null, eventsThrough: null });
    }
    fetched = [];
    source.emit('resource_changed', { type: 'resource_changed', resource: 'programs' }, '4');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetched.sort()).toEqual(['/api/admin/programs?limit=100', '/api/admin/stats']);
    stop();
  });

  test('initial_events reloads each list read before an event it brings that touches it, and no other', async () => {
    const { stop, source } = await connected();
    // Contacts and programs were read through event 5, gifts through event 9.
    for (const [resource, eventsThrough] of [
      ['contacts', '5'],
      ['programs', '5'],
      ['gifts', '9'],
    ] as const) {
      $lists.setKey(resource, { rows: [], nextCursor: null, status: 'ready', error: null, eventsThrough });
    }
    fetched = [];
    // A contact message (7) and a gift (6) stored after those reads, before the stream began; a program (4) before.
    const events = [event('7', 'contact_submit'), event('6', 'gift.confirmed'), event('4', 'admin.programs.create')];
    source.emit('initial_events', { type: 'initial_events', events }, '7');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetched.sort()).toEqual(['/api/admin/contacts?limit=100', '/api/admin/stats']);
    stop();
  });

  test('a list answer read before an event the stream already brought is read again, once', async () => {
    const { stop, source } = await connected();
    source.emit('initial_events', { type: 'initial_events', events: [event('7', 'contact_submit')] }, '7');
    // The first read of contacts answers through event 5 (sent before the message was stored), the next through 7.
    const answers = ['5', '7'];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      const body = url.startsWith('/api/admin/contacts')
        ? { contacts: [], nextCursor: null, eventsThrough: answers.shift() ?? '7' }
        : {};
      return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
    });
    fetched = [];
    await reloadResource('contacts');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetched.filter((url) => url.startsWith('/api/admin/contacts'))).toHaveLength(2);
    expect($lists.get().contacts.eventsThrough).toBe('7');
    stop();
  });

  test('after the server ends a stream it reconnects with a fresh token, resuming after the last event', async () => {
    const { stop, source } = await connected();
    source.emit('new_event', { type: 'new_event', event: event('7', 'admin.login') }, '7');
    await vi.advanceTimersByTimeAsync(6000);
    source.emit('error');
    expect(source.closed).toBe(true);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    expect(FakeSource.all[1]!.url).toMatch(/token=stream-\d+&lastEventId=7$/);
    // A reconnect that opens quickly never shows as Reconnecting.
    FakeSource.all[1]!.emit('open');
    await vi.advanceTimersByTimeAsync(2000);
    expect($liveStatus.get()).toBe('live');
    stop();
  });

  test('shows Reconnecting while the server stays away, backing off between attempts', async () => {
    const { stop, source } = await connected();
    source.emit('error');
    await vi.advanceTimersByTimeAsync(1600);
    expect($liveStatus.get()).toBe('reconnecting');
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    FakeSource.all[1]!.emit('error');
    const attempts = FakeSource.all.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSource.all).toHaveLength(attempts);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(attempts + 1));
    stop();
  });

  test('a password change ends the stream session: it reconnects with the new token instead of staying away', async () => {
    signIn('old-session');
    const { stop, source } = await connected();
    // From now on the server refuses the old session's token, as it does once the password change has ended it.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      fetched.push(url);
      const token = new Headers(init?.headers).get('Authorization');
      if (token === 'Bearer old-session') {
        return Promise.resolve(new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401 }));
      }
      return Promise.resolve(new Response(JSON.stringify({ token: 'stream-new' })));
    });
    let answer = (_token: string) => {};
    const change = replaceToken(() => new Promise<string>((resolve) => (answer = resolve)));
    // The server ends the old stream before the change has answered; the reconnect is refused.
    source.emit('error');
    await vi.waitFor(() => expect(fetched).toContain('/api/admin/events/stream-token'));
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSource.all).toHaveLength(1);

    answer('new-session');
    await change;
    expect($token.get()).toBe('new-session');
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    expect(FakeSource.all[1]!.url).toMatch(/token=stream-new/);
    FakeSource.all[1]!.emit('open');
    expect($liveStatus.get()).toBe('live');
    stop();
  });
});
