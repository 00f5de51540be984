/**
 * The row an email link points at (`/samu?item=<id>#<tab>`), for the tab named in the hash only; null otherwise.
 */
export function linkedItem(resource: string): string | null {
  if (typeof location === 'undefined' || location.hash !== `#${resource}`) return null;
  const item = new URLSearchParams(location.search).get('item');
  return item && /^\d{1,18}$/.test(item) ? item : null;
}
