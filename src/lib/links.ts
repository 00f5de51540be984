/** Addresses of outside services the site links to (maps search, messaging chat). */

/** A maps search for `query`, used by every Get Directions link. */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A WhatsApp chat with `digits` (country code, no plus), optionally with a first message. */
export function chatUrl(digits: string, text?: string): string {
  const url = new URL(`https://wa.me/${digits}`);
  if (text) url.searchParams.set('text', text);
  return url.toString();
}
