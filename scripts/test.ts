/**
 * `npm test`: the static checks and the unit tests of both databases side by side, while the browser tests' server
 * builds and starts beside them; then the browser tests against that server. Starting the server (a site build and
 * 21 function builds, ~40 s) used to wait for the unit tests to end, and the unit tests leave part of the machine idle.
 * The browser tests still start only after the other checks pass, as before. Beside the unit tests runs
 * `bench:scale --smoke` at a tenth of a year (it fails on a call or job that fails, not on timings), so the
 * year-five benchmark keeps working.
 *
 *   node scripts/test.ts          (each part alone: npm run test:static | test:unit | test:e2e)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_SERVER_STARTED, e2eServer } from '../support/e2e/server.ts';

/** The checks that run side by side before the browser tests, as `npm run` arguments. */
const CHECKS = [
  ['test:static'],
  ['test:unit', '--', '--project', 'embedded'],
  ['test:unit', '--', '--project', 'postgres'],
  // The year-five benchmark's own code at a tenth of a year (a few calls each), so that it cannot rot.
  ['bench:scale', '--', '--years', '0.1', '--media-scale', '0.01', '--fresh', '--smoke'],
];

/** How long the server may take to answer (Playwright's own limit, playwright.config.ts). */
const SERVER_START_LIMIT_MS = 240_000;

/** A child whose output is kept, to be printed in one piece, until it is told to print as it goes. */
interface Task {
  readonly name: string;
  readonly child: ChildProcess;
  readonly output: Buffer[];
  readonly exited: Promise<number>;
  readonly started: number;
  /** Set to print the rest of the output as it comes, each chunk after this prefix. */
  live?: string;
}

/** Every task started, to stop them all when `npm test` is interrupted. */
const tasks: Task[] = [];

function startTask(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Task {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it stops its children too (the server runs under a shell).
    detached: true,
  });
  const output: Buffer[] = [];
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  const task: Task = { name, child, output, exited, started: performance.now() };
  const keep = (chunk: Buffer) =>
    task.live === undefined ? output.push(chunk) : process.stdout.write(`${task.live}${chunk.toString()}`);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  tasks.push(task);
  return task;
}

/** Prints what the task wrote so far under its name and, unless told otherwise, how long it has run. */
function print(task: Task, note = seconds(performance.now() - task.started)): void {
  process.stdout.write(`\n> ${task.name} (${note})\n`);
  for (const chunk of task.output.splice(0)) process.stdout.write(chunk);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0)} s`;
}

/** The status the browser tests' address answers with, or 0 when nothing answers there. */
function statusAt(url: string): Promise<number> {
  return fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.status,
    () => 0,
  );
}

/** Resolves once the server answers, with how long it took to start; rejects when it exits or runs out of time. */
async function serverUp(server: Task): Promise<string> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (!exited && Date.now() < deadline) {
    const status = await statusAt(e2eServer.url);
    if (status > 0 && status < 500) return `answered after ${seconds(performance.now() - server.started)}`;
    await sleep(250);
  }
  throw new Error(
    exited ? "the browser tests' server stopped before it answered" : 'the server did not answer in time',
  );
}

async function stop(task: Task): Promise<void> {
  if (task.child.exitCode !== null || task.child.signalCode !== null || task.child.pid === undefined) return;
  try {
    process.kill(-task.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await task.exited;
}

/** The browser tests once started: their own process group, stopped with the rest. */
let browserTests: ChildProcess | undefined;

/** Stops the browser tests (Playwright, its workers and their browsers) and waits for them. */
async function stopBrowserTests(): Promise<void> {
  const child = browserTests;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await closed;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([...tasks.map(stop), stopBrowserTests()]).then(() => process.exit(130)));
}
// As Playwright does: never run the browser tests against some other server that happens to hold the port.
if ((await statusAt(e2eServer.url)) !== 0) {
  process.stdout.write(`${e2eServer.url} is already used: stop what serves it, or set E2E_PORT.\n`);
  process.exit(1);
}
const server = startTask('e2e server', 'sh', ['-c', e2eServer.command], e2eServer.env);

const checks = CHECKS.map((args) =>
  startTask(`npm run ${args.join(' ')}`, 'npm', ['run', ...args], { BENCH_REQUESTS: '3' }),
);
// A check that passed prints as it ends; one that failed prints after all of them, so that its failures close the
// output, where a reader of only its last lines (a CI summary) sees them.
const failures: { task: Task; took: string }[] = [];
await Promise.all(
  checks.map(async (task) => {
    const code = await task.exited;
    const took = seconds(performance.now() - task.started);
    if (code === 0) print(task, took);
    else failures.push({ task, took: `${took}, exit code ${code}` });
  }),
);
for (const { task, took } of failures) print(task, took);

let failed = failures.length > 0;
if (failed) {
  const names = failures.map(({ task }) => task.name).join('; ');
  process.stdout.write(`\nThe browser tests did not run: ${names} failed (its output is just above).\n`);
} else {
  try {
    // From here on the server's lines show as Playwright shows those of a server it started itself.
    print(server, await serverUp(server));
    server.live = '[WebServer] ';
    const e2e = spawn('npm', ['run', 'test:e2e'], {
      stdio: 'inherit',
      env: { ...process.env, [E2E_SERVER_STARTED]: '1' },
      // Its own process group, so that an interrupted `npm test` stops Playwright's workers and browsers too.
      detached: true,
    });
    browserTests = e2e;
    failed = (await new Promise<number | null>((resolve) => e2e.once('close', resolve))) !== 0;
  } catch (error) {
    print(server);
    process.stdout.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
    failed = true;
  }
}
await stop(server);
process.exit(failed ? 1 : 0);
