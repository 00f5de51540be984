/**
 * The staff calls `npm run bench:scale` times over HTTP: each list's first and a later page, one donor's gifts, the
 * commitments and the outbox, the person page (search by email and by phone, an application, a contact case), the
 * counts (stats, seen, the Monday overview, gift totals), and the exports (the year's gifts CSV and PDF, a person's
 * CSV). Each answer's status is checked; its time and size go into the table.
 */
import type { DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { BackupJobAnswer } from '../../src/schemas/backup.ts';
import { percentile } from './bench.ts';
import { BUDGETS, mb } from './scale-budgets.ts';

/** What a call is held to. */
export type CallGroup = 'list' | 'search' | 'person' | 'stats' | 'overview' | 'export';

export interface StaffCall {
  name: string;
  group: CallGroup;
  path: string;
  body?: unknown;
}

/** One call's figures. */
export interface CallResult {
  call: StaffCall;
  sorted: number[];
  bytes: number;
  status: number;
}

/** Someone to look up: a donor who gave often, with an email and a phone. */
async function regularDonor(target: DatabaseTarget): Promise<{ email: string; phone: string }> {
  const [row] = await query<{ email: string; phone: string }>(
    `select donor_email as email, donor_phone as phone from gifts
     where donor_email is not null and donor_phone is not null
     group by donor_email, donor_phone order by count(*) desc, donor_email limit 1`,
    [],
    target,
  );
  return row ?? { email: 'nobody@example.org', phone: '+254700000000' };
}

/** The calls, with the records they read picked from the database. */
export async function staffCalls(target: DatabaseTarget, year: number): Promise<StaffCall[]> {
  const donor = await regularDonor(target);
  const [ids] = await query<{ application: string; contact: string; event: string; gift: string }>(
    `select (select max(id) from volunteers)::text as application, (select max(id) from contacts)::text as contact,
            (select (max(id) / 2)::text from events) as event, (select (max(id) / 2)::text from gifts) as gift`,
    [],
    target,
  );
  const lists: StaffCall[] = ['events', 'contacts', 'newsletter', 'volunteers', 'media', 'gifts'].map((resource) => ({
    name: resource,
    group: 'list',
    path: `/api/admin/${resource}?limit=100`,
  }));
  return [
    ...lists,
    { name: 'events p.mid', group: 'list', path: `/api/admin/events?limit=100&cursor=${ids?.event ?? 1}` },
    { name: 'gifts p.mid', group: 'list', path: `/api/admin/gifts?limit=100&cursor=${ids?.gift ?? 1}` },
    { name: 'gifts confirmed', group: 'list', path: '/api/admin/gifts?state=confirmed&limit=100' },
    { name: 'gifts of donor', group: 'list', path: `/api/admin/gifts?email=${encodeURIComponent(donor.email)}` },
    { name: 'commitments', group: 'list', path: '/api/admin/commitments' },
    { name: 'outbox sent', group: 'list', path: '/api/admin/outbox?status=sent&limit=50' },
    { name: 'search email', group: 'search', path: '/api/admin/people/search', body: { email: donor.email } },
    { name: 'search phone', group: 'search', path: '/api/admin/people/search', body: { phone: donor.phone } },
    { name: 'application', group: 'person', path: `/api/admin/applications/${ids?.application ?? 1}` },
    { name: 'contact case', group: 'person', path: `/api/admin/contact-cases/${ids?.contact ?? 1}` },
    { name: 'stats', group: 'stats', path: '/api/admin/stats' },
    { name: 'seen', group: 'stats', path: '/api/admin/seen' },
    { name: 'gift totals', group: 'stats', path: '/api/admin/gifts/summary' },
    { name: 'inbox', group: 'overview', path: '/api/admin/inbox' },
    { name: 'gifts year csv', group: 'export', path: `/api/admin/gifts/month-end.csv?period=year&year=${year}` },
    { name: 'gifts year pdf', group: 'export', path: `/api/admin/gifts/month-end.pdf?period=year&year=${year}` },
    {
      name: 'person csv',
      group: 'export',
      path: '/api/admin/people/export',
      body: { email: donor.email, reason: 'Volume benchmark', format: 'csv' },
    },
  ];
}

/** Times `count` calls one at a time, after one or two to warm up (three when a call takes over a second). */
export async function timeCall(url: string, token: string, call: StaffCall, count: number): Promise<CallResult> {
  const send = async (): Promise<{ ms: number; bytes: number; status: number }> => {
    const started = performance.now();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const response = await fetch(
      `${url}${call.path}`,
      call.body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(call.body) },
    );
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes, status: response.status };
  };
  const warm = call.group === 'export' ? 1 : 2;
  let last = { ms: 0, bytes: 0, status: 0 };
  for (let i = 0; i < warm; i += 1) last = await send();
  // A refused call is a row of its own (and a missed budget); a slow one is timed three times, not twenty.
  if (last.status !== 200) return { call, sorted: [last.ms], bytes: last.bytes, status: last.status };
  const times: number[] = [];
  let bytes = last.bytes;
  for (let i = 0; i < (last.ms > 1000 ? Math.min(count, 3) : count); i += 1) {
    const answer = await send();
    times.push(answer.ms);
    bytes = Math.max(bytes, answer.bytes);
  }
  return { call, sorted: times.sort((a, b) => a - b), bytes, status: last.status };
}

/** The table row of a call, and what it missed. */
export function judgeCall(database: string, result: CallResult): { line: string; failures: string[] } {
  const p50 = percentile(result.sorted, 50);
  const p95 = percentile(result.sorted, 95);
  const worst = result.sorted[result.sorted.length - 1] ?? 0;
  const failures: string[] = [];
  const name = `${database} ${result.call.name}`;
  if (result.status !== 200) failures.push(`${name}: answered ${result.status} after ${worst.toFixed(0)} ms`);
  if (result.call.group === 'export') {
    if (worst > BUDGETS.exportMs)
      failures.push(`${name}: ${worst.toFixed(0)} ms (export budget ${BUDGETS.exportMs} ms)`);
    if (result.bytes > BUDGETS.exportBytes)
      failures.push(`${name}: ${mb(result.bytes)} (export budget ${mb(BUDGETS.exportBytes)})`);
  } else {
    if (p95 > BUDGETS.interactiveP95Ms)
      failures.push(`${name}: p95 ${p95.toFixed(0)} ms (budget ${BUDGETS.interactiveP95Ms} ms)`);
    if (result.bytes > BUDGETS.bufferedBytes)
      failures.push(`${name}: ${mb(result.bytes)} answer (buffered limit ${mb(BUDGETS.bufferedBytes)})`);
  }
  if (worst > BUDGETS.syncDefaultMs)
    failures.push(`${name}: one call took ${worst.toFixed(0)} ms (function limit ${BUDGETS.syncDefaultMs} ms)`);
  const line =
    `| ${database} | ${result.call.name}${result.status === 200 ? '' : ` (${result.status})`} | ${result.call.group} | ` +
    `${result.sorted.length} | ${p50.toFixed(0)} | ` +
    `${p95.toFixed(0)} | ${mb(result.bytes)} | ${failures.length > 0 ? 'MISSED' : 'ok'} |`;
  return { line, failures };
}

/** The table's heading. */
export const CALL_TABLE_HEAD = [
  '| database | call | kind | calls | p50 ms | p95 ms | largest answer | budget |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | --- |',
];

/** A backup timed as staff make one. */
export interface TimedBackup {
  /** The start's status (202) and how long it took to answer. */
  status: number;
  startMs: number;
  /** From the start until the job was done (or failed). */
  runMs: number;
  state: string;
  /**
   * The download of every file through its signed link, one after the other: how long in all, the bytes in all,
   * how many files, the largest answer and the slowest, and whether each was read to the end with a 200.
   */
  downloadMs: number;
  bytes: number;
  files: number;
  largestBytes: number;
  slowestMs: number;
  complete: boolean;
}

/**
 * Times a backup as staff make one (`POST /api/admin/db/backup`): the start's answer, the background run until the
 * job is done (asked every `pollMs`), then the download of its files (one, or the pieces of a large backup) through
 * their signed links, each read as it streams. Gives up on the run at `runLimitMs` and on a file at
 * `downloadLimitMs`: past the platform's limits the figure is a failure.
 */
export async function timeBackup(
  url: string,
  token: string,
  runLimitMs: number,
  downloadLimitMs: number,
  pollMs = 1000,
): Promise<TimedBackup> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const start = await fetch(`${url}/api/admin/db/backup`, { method: 'POST', headers });
  const startMs = performance.now() - started;
  const timed: TimedBackup = {
    status: start.status,
    startMs,
    runMs: 0,
    state: '',
    downloadMs: 0,
    bytes: 0,
    files: 0,
    largestBytes: 0,
    slowestMs: 0,
    complete: false,
  };
  if (start.status !== 202) return timed;
  let job = BackupJobAnswer.parse(await start.json()).job;
  while ((job.state === 'queued' || job.state === 'running') && performance.now() - started < runLimitMs) {
    await new Promise((resume) => setTimeout(resume, pollMs));
    job = BackupJobAnswer.parse(await (await fetch(`${url}/api/admin/db/backup/${job.id}`, { headers })).json()).job;
  }
  timed.runMs = performance.now() - started;
  timed.state = job.state;
  if (job.files.length === 0) return timed;
  const downloading = performance.now();
  timed.complete = true;
  for (const file of job.files) {
    const one = await timeFile(`${url}${file.url}`, downloadLimitMs);
    timed.files += 1;
    timed.bytes += one.bytes;
    timed.largestBytes = Math.max(timed.largestBytes, one.bytes);
    timed.slowestMs = Math.max(timed.slowestMs, one.ms);
    if (!one.complete) {
      timed.complete = false;
      break;
    }
  }
  timed.downloadMs = performance.now() - downloading;
  return timed;
}

/** Reads one file of a backup as it streams: its bytes, how long, and whether it was a 200 read to the end. */
async function timeFile(link: string, limitMs: number): Promise<{ bytes: number; ms: number; complete: boolean }> {
  const started = performance.now();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limitMs);
  let bytes = 0;
  let complete = false;
  try {
    const response = await fetch(link, { signal: abort.signal });
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
    complete = response.status === 200;
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return { bytes, ms: performance.now() - started, complete };
}
