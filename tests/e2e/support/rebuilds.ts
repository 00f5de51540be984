/**
 * Waiting for the site to show what staff changed in /samu: the change asks for a rebuild, and `npm start` rebuilds
 * the whole site in the background, then swaps it in.
 */
import { expect, type Page } from '@playwright/test';

/** A rebuild takes tens of seconds on a busy machine; wait for it, no longer. */
export const REBUILD_MS = 60_000;

/** Today in Nairobi, `offsetDays` on, YYYY-MM-DD. */
export const nairobiDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/** The built HTML of a public page, fetched fresh. */
export async function html(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

/** Waits for the rebuild after which `path` does (or, with `present` false, no longer does) hold `needle`. */
export async function untilBuilt(page: Page, path: string, needle: string, present = true): Promise<void> {
  await expect
    .poll(async () => (await html(page, path)).includes(needle), { timeout: REBUILD_MS, intervals: [1000] })
    .toBe(present);
}
