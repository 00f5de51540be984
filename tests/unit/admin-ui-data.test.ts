/**
 * The dashboard's list store (src/admin/stores/data.ts) against a network whose answers arrive when the test says:
 * what staff see after a write must be what the database holds.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  $lists,
  ensureLoaded,
  reloadAll,
  reloadResource,
  resetData,
  scheduleReload,
} from '../../src/admin/stores/data.ts';

/** One request the store made, answered by the test. */
type Pending = { readonly url: string; answer(status: number, body?: unknown): void };

let requests: Pending[] = [];

/** The requests for one list that are still waiting for their answer, oldest first. */
const waiting = (resource: string) => requests.filter((request) => request.url.startsWith(`/api/admin/${resource}?`));

/** Answers the oldest waiting request of `resource` and lets the store handle it. */
async function answer(resource: string, status: number, body?: unknown): Promise<void> {
  const request = waiting(resource)[0];
  if (!request) throw new Error(`no request for ${resource} is waiting`);
  requests = requests.filter((other) => other !== request);
  request.answer(status, body);
  await vi.waitFor(() => Promise.resolve());
  // Response bodies are read asynchronously: give the store a few turns.
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const programs = (...ids: string[]) => ({
  programs: ids.map((id) => ({ id, title: `Program ${id}` })),
  nextCursor: null,
});
const shownIds = () => $lists.get().programs.rows.map((row) => row.id);

beforeEach(() => {
  requests = [];
  resetData();
  vi.stubGlobal('fetch', (url: string) => {
    return new Promise<Response>((resolve) => {
      requests.push({
        url,
        answer: (status, body) =>
          resolve(
            new Response(body === undefined ? null : JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
      });
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Opens the Programs tab with programs 2 and 1 in the table. */
async function openPrograms(): Promise<void> {
  ensureLoaded('programs');
  await answer('programs', 200, programs('2', '1'));
  expect(shownIds()).toEqual(['2', '1']);
}

describe('dashboard lists after a write', () => {
  test('show the first answer read after a delete, without waiting for the live stream’s later reload', async () => {
    await openPrograms();
    // Program 2 was deleted: the dialog reloads every list, then the stream's notice of the same delete asks again.
    void reloadAll();
    void reloadResource('programs');
    await answer('programs', 200, programs('1'));
    // The earlier answer already holds what the database holds; the stale row must not wait for the second one.
    expect(shownIds()).toEqual(['1']);
    await answer('programs', 200, programs('1'));
    expect(shownIds()).toEqual(['1']);
  });

  test('a later reload that fails neither brings back the deleted row nor hides that it failed', async () => {
    await openPrograms();
    void reloadAll();
    void reloadResource('programs');
    await answer('programs', 200, programs('1'));
    await answer('programs', 503, { error: 'The service is temporarily unavailable; please try again later' });
    expect(shownIds()).toEqual(['1']);
    expect($lists.get().programs.error).toMatch(/temporarily unavailable/);
  });

  test('a reload that fails keeps the rows it had and says so on the list', async () => {
    await openPrograms();
    void reloadAll();
    await answer('programs', 0 + 500, { error: 'Something went wrong on the server' });
    expect(shownIds()).toEqual(['2', '1']);
    expect($lists.get().programs.status).toBe('error');
    expect($lists.get().programs.error).toBe('Something went wrong on the server');
  });

  test('an answer to a read started before the write never restores what the write removed', async () => {
    await openPrograms();
    // A live-stream reload is on its way (it read before the delete committed)...
    void reloadResource('programs');
    // ...then the delete succeeds and the dialog reloads.
    void reloadAll();
    const [before] = waiting('programs');
    expect(before).toBeDefined();
    await answer('programs', 200, programs('2', '1'));
    expect(shownIds()).toEqual(['2', '1']);
    await answer('programs', 200, programs('1'));
    expect(shownIds()).toEqual(['1']);
  });

  test('an older answer arriving after a newer one is ignored', async () => {
    await openPrograms();
    void reloadResource('programs');
    void reloadResource('programs');
    // The newer request answers first.
    const [older, newer] = waiting('programs');
    requests = requests.filter((request) => request !== newer);
    newer!.answer(200, programs('3', '1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shownIds()).toEqual(['3', '1']);
    requests = requests.filter((request) => request !== older);
    older!.answer(200, programs('2', '1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shownIds()).toEqual(['3', '1']);
  });

  test('live notices in a burst become one reload of the lists they name', async () => {
    vi.useFakeTimers();
    ensureLoaded('programs');
    await vi.waitFor(() => expect(waiting('programs')).toHaveLength(1));
    requests = [];
    scheduleReload(['programs', 'stats']);
    scheduleReload(['programs']);
    await vi.advanceTimersByTimeAsync(200);
    expect(waiting('programs')).toHaveLength(1);
    expect(requests.filter((request) => request.url === '/api/admin/stats')).toHaveLength(1);
    expect(waiting('contacts')).toHaveLength(0);
  });
});
