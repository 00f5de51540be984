/**
 * `dist/_redirects`: a permanent redirect from each earlier address of a story to its current one, so links shared
 * before staff changed a story's slug keep working. Netlify reads the file from the published folder (`npm start`
 * does the same, scripts/serve.ts); the rules of netlify.toml apply after these.
 *
 * A route with a parameter because Astro never builds a page whose own file name starts with `_`.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { storyRedirects } from '../data.ts';

export const getStaticPaths = (() => [{ params: { redirects: '_redirects' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const lines = (await storyRedirects()).map(({ from, to }) => `/blog/${from} /blog/${to}/ 301\n`);
  return new Response(lines.join(''), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
