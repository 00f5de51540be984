/** Addresses of uploaded files (`/media/<id>/<name>`, served by netlify/functions/media-file.ts). */

/** One uploaded file's address, whole. */
export const OWN_MEDIA_URL = /^\/media\/[1-9][0-9]{0,18}\/[a-z0-9][a-z0-9._-]{0,99}$/;

/** Addresses of uploaded files a text mentions (a Markdown body), in order, once each. */
export function mediaPaths(text: string): string[] {
  const found = text.match(/\/media\/[1-9][0-9]{0,18}\/[a-z0-9][a-z0-9._-]{0,99}/g) ?? [];
  return [...new Set(found)];
}
