/**
 * The local stand-in for Netlify's build hook under `npm start`: functions call `NETLIFY_BUILD_HOOK_URL` as in
 * production, here {@link LOCAL_BUILD_HOOK_PATH} on the server itself, which builds the site in the background into a
 * fresh folder and swaps it in as `dist/` only when the build succeeds (the old site answers meanwhile; a failed build
 * changes nothing). Each outcome is recorded in `site_builds`, as Netlify's deploy events are in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { link, readdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { recordBuild } from '../../netlify/functions/_shared/content/site-builds.ts';
import { recordContentFiles } from '../deploy/content-files.ts';
import { swapGate } from './swap-gate.ts';

/** Path of the local build hook (intercepted by scripts/serve.ts before Netlify's pipeline). */
export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local-build-hook';

/** Lines of build output kept to explain a failure. */
const TAIL_LINES = 12;

/** The local builder of a served site. */
export interface LocalBuilds {
  /** Builds straight into `dist/` (start-up, nothing served yet) and records it. */
  initial(): Promise<void>;
  /** Answers a call of the local build hook; false for any other request. */
  intercept(req: IncomingMessage, res: ServerResponse): boolean;
  /** Runs one read of the served folder; a swap waits for it, and it waits for a swap in progress. */
  reading<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no build is running or waiting. */
  idle(): Promise<void>;
  /** Stops a running build and waits for it. */
  close(): Promise<void>;
}

/** Runs `astro build --outDir <outDir>` with this project's Node, echoing its log when asked; fails with its last lines. */
function astroBuild(
  root: string,
  outDir: string,
  {
    echo = false,
    siteDate,
    started,
  }: { echo?: boolean; siteDate?: string | undefined; started: (child: ChildProcess) => void },
): Promise<void> {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(siteDate ? { SITE_DATE: siteDate } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (echo) process.stdout.write(chunk);
    const text = chunk.toString('utf8');
    lines.push(...text.split('\n').filter((line) => line.trim() !== ''));
    lines.splice(0, lines.length - TAIL_LINES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => {
      // eslint-disable-next-line no-control-regex -- removes the colour codes of Astro's log
      const tail = lines.join('\n').replace(/\u001b\[[0-9;]*m/g, '');
      if (code === 0) done();
      else fail(new Error(tail || `astro build exited with ${code}`));
    });
  });
}

/** The builder of the site served from `dist` (by default `<root>/dist`). */
export function localBuilds({ root, dist = join(root, 'dist') }: { root: string; dist?: string }): LocalBuilds {
  // Inside the project, whatever the data folder: the pages' server code Astro writes beside the output must find the
  // project's packages, and on the served folder's disk the swap is a rename.
  const workDir = join(root, '.netlify', 'local-builds');
  let running: Promise<void> | undefined;
  let again = false;
  let child: ChildProcess | undefined;
  let closed = false;
  let counter = 0;
  // The day the next build decides by, when a hook call names one (`?site_date=`): the daily rebuild's date, injected.
  let siteDate: string | undefined;
  const gate = swapGate();

  async function record(outcome: 'succeeded' | 'failed', contentAt: Date, message = ''): Promise<void> {
    try {
      // The local database is this server's own: record the files' slugs as production's deploy step does.
      if (outcome === 'succeeded') await recordContentFiles(join(root, 'node_modules', '.astro'));
      await recordBuild(outcome, { contentAt, message });
    } catch (failure) {
      console.error('local build: cannot record the outcome:', failure);
    }
  }

  /** One background build, then the swap. */
  async function rebuild(): Promise<void> {
    counter += 1;
    const next = join(workDir, `build-${process.pid}-${counter}`);
    const startedAt = new Date();
    console.log('local build: rebuilding the site in the background');
    try {
      const day = siteDate;
      siteDate = undefined;
      await astroBuild(root, next, { siteDate: day, started: (spawned) => (child = spawned) });
      await keepHashedAssets(dist, next);
      const old = `${next}-old`;
      // Two renames, while no request reads the site: none can find it missing in between.
      await gate.swapping(async () => {
        await rename(dist, old);
        await rename(next, dist);
      });
      void rm(old, { recursive: true, force: true });
      console.log(`local build: done in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s, now serving it`);
      await record('succeeded', startedAt);
    } catch (failure) {
      await rm(next, { recursive: true, force: true });
      if (closed) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      console.error(`local build: failed, the previous site stays:\n${message}`);
      await record('failed', startedAt, `The local build failed: ${message.split('\n').slice(-3).join(' ')}`);
    } finally {
      child = undefined;
    }
  }

  /** Runs builds until no request is left waiting (requests during a build make one more). */
  function schedule(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await rebuild();
      } while (again && !closed);
      running = undefined;
    })();
  }

  return {
    async initial() {
      const startedAt = new Date();
      await astroBuild(root, dist, { echo: true, started: (spawned) => (child = spawned) });
      await record('succeeded', startedAt);
    },
    reading: (work) => gate.reading(work),
    intercept(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== LOCAL_BUILD_HOOK_PATH) return false;
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' });
        res.end('Method not allowed');
        return true;
      }
      req.resume();
      const day = url.searchParams.get('site_date');
      if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('site_date must be YYYY-MM-DD');
        return true;
      }
      if (day !== null) siteDate = day;
      schedule();
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      res.end('Build queued');
      return true;
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      child?.kill();
      await this.idle();
    },
  };
}

/**
 * Links the served site's hashed files (`_astro/`) that the new build lacks into it, so a page fetched from the old
 * site just before the swap still finds its scripts and pictures after it (their names carry their content's hash,
 * so a kept one can never be stale).
 */
async function keepHashedAssets(served: string, next: string): Promise<void> {
  const from = join(served, '_astro');
  const to = join(next, '_astro');
  const present = new Set(await readdir(to).catch(() => []));
  for (const name of await readdir(from).catch(() => [])) {
    if (!present.has(name)) await link(join(from, name), join(to, name)).catch(() => undefined);
  }
}
