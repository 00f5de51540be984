/**
 * The one harness of the benchmark scripts, in-process (bench:track, bench:admin) and over HTTP (bench:http): the
 * databases they run on, calls timed one at a time, concurrently or in bursts, the rows they print, percentiles and
 * the live stream.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePools, query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalDatabase, type LocalDatabase } from '../../support/database/local-database.ts';
import { startRelay, type Relay } from '../../support/database/relay.ts';
import { SseReader } from '../../support/stand-ins/sse.ts';

/** The databases of a benchmark run, all removed when it ends. */
export interface BenchDatabases {
  readonly relay: Relay;
  /** An empty folder for the embedded database: {@link BenchDatabases.embedded} opens it, or a server run on it. */
  readonly dataDir: string;
  /** Opens the embedded database in {@link BenchDatabases.dataDir} (closed at the end, unless closed before). */
  embedded(): Promise<LocalDatabase>;
  /**
   * A throw-away database made on the PostgreSQL server of `TEST_PG_URL` (default
   * postgres://postgres@127.0.0.1:5432/postgres).
   */
  postgres(): Promise<DatabaseTarget>;
}

/** Runs `use` with a run's databases, then removes them, whatever happened. */
export async function withBenchDatabases<T>(
  folderPrefix: string,
  use: (databases: BenchDatabases) => Promise<T>,
): Promise<T> {
  const relay = await startRelay();
  const dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
  const adminUrl = process.env['TEST_PG_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin: DatabaseTarget = { url: adminUrl, proxy: relay.proxy };
  const opened = new Set<LocalDatabase>();
  const created: string[] = [];
  try {
    return await use({
      relay,
      dataDir,
      embedded: async () => {
        const embedded = await startLocalDatabase({ dataDir, relay });
        opened.add(embedded);
        return {
          ...embedded,
          close: async () => {
            opened.delete(embedded);
            await embedded.close();
          },
        };
      },
      postgres: async () => {
        const name = `watoto_bench_${randomBytes(4).toString('hex')}`;
        await query(`create database ${name}`, [], admin);
        created.push(name);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return { url: url.toString(), proxy: relay.proxy };
      },
    });
  } finally {
    await closePools();
    for (const name of created) await query(`drop database if exists ${name} with (force)`, [], admin);
    await closePools();
    for (const embedded of opened) await embedded.close();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs `bench` against a new embedded database, then against a throw-away PostgreSQL database. */
export function onEachDatabase(
  bench: (name: 'embedded' | 'postgres', target: DatabaseTarget) => Promise<void>,
): Promise<void> {
  return withBenchDatabases('watoto-bench-', async (databases) => {
    const embedded = await databases.embedded();
    await bench('embedded', { url: embedded.url, proxy: embedded.proxy });
    await bench('postgres', await databases.postgres());
  });
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
): Promise<Timings> {
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

/** Latencies of a set of calls, ascending (ms), and the calls per second they were answered at. */
export interface Timings {
  readonly sorted: number[];
  readonly rps: number;
}

/** Runs `total` calls, `concurrency` at a time; each must answer `status`. */
export function measure(
  total: number,
  concurrency: number,
  status: number,
  call: (i: number) => Promise<Response>,
): Promise<Timings> {
  return runConcurrently(total, concurrency, async (i) => {
    const begun = performance.now();
    const response = await call(i);
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}`);
    return performance.now() - begun;
  });
}

/** Prints a row of the table: the database, the call, its concurrency, its figures and `more` after them. */
export function row(database: string, name: string, concurrency: number, timings: Timings, more = ''): void {
  const ms = (p: number) => percentile(timings.sorted, p).toFixed(2).padStart(8);
  console.log(
    `${database.padEnd(9)} ${name.padEnd(8)} c=${String(concurrency).padEnd(3)} ${String(timings.sorted.length).padStart(5)} req ` +
      `${timings.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(50)} ms  p95 ${ms(95)} ms  p99 ${ms(99)} ms${more}`,
  );
}

/** One call of a {@link burst}: its latency and what came back. */
export interface Answer {
  ms: number;
  status: number;
  body: string;
}

async function timed(call: () => Promise<Response>): Promise<Answer> {
  const begun = performance.now();
  const response = await call().catch(() => undefined);
  const body = (await response?.text().catch(() => '')) ?? '';
  return { ms: performance.now() - begun, status: response?.status ?? 0, body };
}

/**
 * Sends `jobs` with at most `concurrency` calls in flight, in order; a job of several calls sends them all at the same
 * moment (a duplicate arriving with its original). Returns every answer, and the seconds it took.
 */
export async function burst(jobs: (() => Promise<Response>)[][], concurrency: number) {
  let free = concurrency;
  let wake: (() => void) | undefined;
  const answers: Answer[] = [];
  const running: Promise<void>[] = [];
  const started = performance.now();
  for (const job of jobs) {
    while (free < job.length) await new Promise<void>((resolve) => (wake = resolve));
    free -= job.length;
    for (const call of job) {
      running.push(
        timed(call).then((answer) => {
          answers.push(answer);
          free += 1;
          wake?.();
        }),
      );
    }
  }
  await Promise.all(running);
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/** Runs `calls` one at a time. */
export function oneByOne(calls: (() => Promise<Response>)[]) {
  return burst(
    calls.map((call) => [call]),
    1,
  );
}

/** Prints the row of a {@link burst}, with how many calls got each status; returns its ascending latencies. */
export function burstRow(
  database: string,
  name: string,
  concurrency: number,
  { answers, seconds }: { answers: Answer[]; seconds: number },
): number[] {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const counted = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status || 'no answer'}×${count}`)
    .join(' ');
  row(database, name, concurrency, { sorted, rps: answers.length / seconds }, `  answers ${counted}`);
  return sorted;
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
 * stream lasts 50 s: keep `count` small).
 */
export async function timeLiveDelivery(
  call: Call,
  token: string,
  count: number,
  change: (i: number) => Promise<Response>,
): Promise<Timings> {
  const reader = await openLiveStream(call, token);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await (await change(i)).arrayBuffer();
      await nextLiveEvent(reader);
      latencies.push(performance.now() - started);
    }
    const seconds = latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
    return { sorted: latencies.sort((a, b) => a - b), rps: latencies.length / seconds };
  } finally {
    await reader.close();
  }
}
