/**
 * Rebuilds the site once a day through the build hook, so what depends on the calendar (a build's copyright
 * year, the classification of events) follows the date without anyone editing content.
 */
import type { Config } from '@netlify/functions';
import { triggerBuild } from './_shared/content/build-hook.ts';
import { answer } from './_shared/platform/http.ts';

/** Calls the build hook (no debounce: nothing else is batched with it). */
export default async (): Promise<Response> => {
  const accepted = await triggerBuild('daily rebuild');
  return answer(null, accepted ? 204 : 502);
};

export const config: Config = { schedule: '@daily' };
