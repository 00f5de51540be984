/**
 * The one answer to "what is this site's public address", for the build (canonical links, the sitemap, RSS) and
 * the functions (links in emails) alike: `SITE_URL` when set, so a custom domain wins everywhere; else the `URL`
 * Netlify sets on every build and function; else `fallback`.
 */

/** Where the site lives when nothing else says so. */
export const DEFAULT_SITE_URL = 'https://tumaini-children.netlify.app';

/** The public address: `SITE_URL`, else Netlify's `URL`, else `fallback`. */
export function siteUrl(
  fallback: string = DEFAULT_SITE_URL,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  return env['SITE_URL'] || env['URL'] || fallback;
}
