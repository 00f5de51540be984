/**
 * The one place the site's build hook is called (`NETLIFY_BUILD_HOOK_URL`). Publishing, editing a published
 * item, unpublishing and deleting ask for a build with {@link requestBuild}: the request is recorded, and the
 * hook is called only when no newer request arrives within the debounce delay, so a burst of edits makes one
 * build. The record lives in the database because each function call may run in a fresh instance.
 *
 * On Netlify the hook starts a deploy; under `npm start` it points at the local server, which rebuilds in the
 * background (scripts/lib/local-builds.ts). Without the variable nothing is called and the item shows the reason.
 */
import { query } from '../platform/db.ts';
import { recordBuild } from './site-builds.ts';

/** Default quiet time before the hook is called; `BUILD_HOOK_DEBOUNCE_MS` overrides it. */
export const DEFAULT_DEBOUNCE_MS = 3000;

/** Longest wait for the hook's answer. */
const HOOK_TIMEOUT_MS = 10_000;

/** Said on items while no build hook is configured. */
export const NO_HOOK_MESSAGE =
  'The site is not set up to rebuild on its own, so no build was started; the change appears with the next deploy.';

/** What lets a function keep working after it answered (Netlify's `context.waitUntil`). */
export interface Background {
  waitUntil?: (promise: Promise<unknown>) => void;
}

function debounceMs(): number {
  const configured = Number(process.env['BUILD_HOOK_DEBOUNCE_MS']);
  return Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_DEBOUNCE_MS;
}

/**
 * Asks for a site build, debounced: records the request, then (in the background when the platform allows)
 * waits the debounce delay and calls the hook unless a newer request took over. Never throws: a failure is
 * recorded for the dashboard and logged; the item itself is already saved.
 */
export async function requestBuild(reason: string, background: Background = {}): Promise<void> {
  let id: string;
  try {
    id = await recordBuild('requested', { message: reason });
  } catch (failure) {
    console.error('build hook: cannot record the request:', failure);
    return;
  }
  const work = (async () => {
    await new Promise((resume) => setTimeout(resume, debounceMs()));
    const newer = await query('select 1 from site_builds where event = $1 and id > $2 limit 1', ['requested', id]);
    if (newer.length === 0) await triggerBuild(reason);
  })().catch((failure: unknown) => console.error('build hook:', failure));
  if (background.waitUntil) background.waitUntil(work);
  else await work;
}

/**
 * Calls the build hook now and records the outcome (`triggered`, or `failed` with the reason). Returns
 * whether the hook accepted the call. The daily rebuild uses it directly.
 */
export async function triggerBuild(reason: string): Promise<boolean> {
  const hook = process.env['NETLIFY_BUILD_HOOK_URL'];
  const calledAt = new Date();
  let failure: string | undefined;
  if (!hook) {
    failure = NO_HOOK_MESSAGE;
  } else {
    try {
      const url = new URL(hook);
      url.searchParams.set('trigger_title', `Site content changed: ${reason}`.slice(0, 200));
      const answer = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
      await answer.body?.cancel();
      if (!answer.ok) failure = `The build hook answered ${answer.status}; the site was not rebuilt.`;
    } catch (problem) {
      failure = `The build hook could not be reached (${problem instanceof Error ? problem.message : String(problem)}).`;
    }
  }
  if (failure) console.error(`build hook: ${failure}`);
  try {
    await recordBuild(failure ? 'failed' : 'triggered', { contentAt: calledAt, message: failure ?? reason });
  } catch (problem) {
    console.error('build hook: cannot record the outcome:', problem);
  }
  return failure === undefined;
}
