/**
 * `POST /api/admin/media/upload` (multipart, field `file`) → `201 {url}`. Accepts JPEG, PNG, WebP,
 * AVIF, GIF and PDF as recognised by their bytes, at most 4 MB: the bytes go to the blob store, the row describing
 * them (`uploads`: name, type, size, checksum, blob key) to the database, with a Media entry (admin-media.ts) made in
 * the same transaction. media-file.ts serves it at `/media/<id>/<name>`.
 */
import type { Config } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { detectFileType, safeFileName } from './_shared/content/file-types.ts';
import { storeMediaUpload } from './_shared/content/uploads.ts';
import {
  badRequest,
  error,
  json,
  methodNotAllowed,
  readBodyBytes,
  unsupportedMediaType,
} from './_shared/platform/http.ts';
import { MAX_UPLOAD_BYTES, TOO_LARGE } from '../../src/lib/uploads.ts';

// Room for the multipart boundaries and part headers around the file.
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

const tooLarge = () => error(413, TOO_LARGE);

export default staffFunction(async (req, actor) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(contentType)) return unsupportedMediaType('multipart/form-data');
  if (Number(req.headers.get('content-length')) > MAX_BODY_BYTES) return tooLarge();
  const body = await readBodyBytes(req, MAX_BODY_BYTES);
  if (!body) return tooLarge();

  let form: FormData;
  try {
    form = await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), {
      headers: { 'Content-Type': contentType },
    }).formData();
  } catch {
    return badRequest('The upload is not a readable multipart form');
  }
  const file = form.get('file');
  if (!(file instanceof File))
    return badRequest('No file', [{ path: 'file', message: 'Attach a file in the field "file"' }]);
  if (file.size > MAX_UPLOAD_BYTES) return tooLarge();
  if (file.size === 0) return badRequest('The file is empty', [{ path: 'file', message: 'The file is empty' }]);

  const data = Buffer.from(await file.arrayBuffer());
  const type = detectFileType(data);
  if (!type) return error(415, 'Only JPEG, PNG, WebP, AVIF, GIF or PDF files can be uploaded');
  const name = safeFileName(file.name, type.ext);

  const url = await storeMediaUpload({ name, contentType: type.mime, data }, actor);
  return json({ url }, 201);
});

export const config: Config = { path: '/api/admin/media/upload' };
