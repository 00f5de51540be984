/** Shared by the benchmark scripts: both databases, concurrent runs, percentiles and the live stream. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePools, query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { SseReader } from '../../support/stand-ins/sse.ts';
import { startLocalDatabase } from '../../support/database/local-database.ts';
import { startRelay } from '../../support/database/relay.ts';

/**
 * Runs `bench` against a new embedded database, then against a throw-away PostgreSQL database made on `TEST_PG_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres); both are removed afterwards, whatever happened.
 */
export async function onEachDatabase(
  bench: (name: 'embedded' | 'postgres', target: DatabaseTarget) => Promise<void>,
): Promise<void> {
  const relay = await startRelay();
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-bench-'));
  const embedded = await startLocalDatabase({ dataDir, relay });
  const adminUrl = process.env['TEST_PG_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin: DatabaseTarget = { url: adminUrl, proxy: relay.proxy };
  const dbName = `watoto_bench_${randomBytes(4).toString('hex')}`;
  let created = false;
  try {
    await bench('embedded', { url: embedded.url, proxy: relay.proxy });
    await query(`create database ${dbName}`, [], admin);
    created = true;
    const pgUrl = new URL(adminUrl);
    pgUrl.pathname = `/${dbName}`;
    await bench('postgres', { url: pgUrl.toString(), proxy: relay.proxy });
  } finally {
    await closePools();
    if (created) await query(`drop database if exists ${dbName} with (force)`, [], admin);
    await closePools();
    await embedded.close();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The `p`th percentile of ascending `sorted` latencies (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `task` `total` times, `concurrency` at a time; returns the ascending latencies (ms) and requests per second. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<number>,
): Promise<{ sorted: number[]; rps: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) latencies.push(await task(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { sorted: latencies.sort((a, b) => a - b), rps: total / seconds };
}

/** Answers a request to a path of the site: the handler itself in-process, or the server over HTTP. */
export type Call = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Opens the live stream as the dashboard does (a stream token for the session `token`, then the stream) and returns
 * its reader once `initial_events` arrived.
 */
export async function openLiveStream(call: Call, token: string): Promise<SseReader> {
  const issued = await call('/api/admin/events/stream-token', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const { token: streamToken } = (await issued.json()) as { token: string };
  const reader = new SseReader((await call(`/api/admin/events/stream?token=${streamToken}`)).body!);
  if ((await reader.next())?.event !== 'initial_events') throw new Error('the stream did not open');
  return reader;
}

/** The next `new_event` on `reader` (10 s at most). */
export async function nextLiveEvent(reader: SseReader): Promise<void> {
  for (;;) {
    const message = await reader.next(10_000);
    if (!message) throw new Error('the stream sent no event within 10 s');
    if (message.event === 'new_event') return;
  }
}

/**
 * Times `count` calls of `change`, one at a time, each from its sending to its `new_event` on an open stream (a
 * stream lasts 50 s: keep `count` small); ascending latencies in ms.
 */
export async function timeLiveDelivery(
  call: Call,
  token: string,
  count: number,
  change: (i: number) => Promise<Response>,
): Promise<number[]> {
  const reader = await openLiveStream(call, token);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await (await change(i)).arrayBuffer();
      await nextLiveEvent(reader);
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  } finally {
    await reader.close();
  }
}
