/**
 * `GET /media/<id>/<name>`: an uploaded file, public, with the type found in its bytes at upload,
 * `nosniff`, a year-long immutable cache (an id never changes content) and, for PDFs, a download.
 */
import type { Config, Context } from '@netlify/functions';
import { failureAnswer } from './_shared/platform/failure.ts';
import { readUpload } from './_shared/content/uploads.ts';
import { answer, error, methodNotAllowed } from './_shared/platform/http.ts';

const ID = /^[1-9][0-9]{0,18}$/;
// Upload names are stored already safe (lowercase, no escapes), so a segment needing decoding names no file.
const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** Serves one uploaded file; `:id` and `:name` come from Netlify's `context.params`. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const { id = '', name = '' } = context.params;
  if (!ID.test(id) || !NAME.test(name)) return error(404, 'File not found');
  try {
    const file = await readUpload(id, name);
    if (!file) return error(404, 'File not found');
    const disposition = file.content_type === 'application/pdf' ? 'attachment' : 'inline';
    return answer(req.method === 'HEAD' ? null : new Uint8Array(file.data), 200, {
      'Content-Type': file.content_type,
      'Content-Length': String(file.data.byteLength),
      'Content-Disposition': `${disposition}; filename="${name}"`,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Even if a browser were tricked into rendering it as a page, nothing in it could run.
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
  } catch (failure) {
    return failureAnswer(failure, '/media');
  }
};

export const config: Config = { path: '/media/:id/:name' };
