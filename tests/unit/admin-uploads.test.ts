import { describe, expect, test } from 'vitest';
import upload from '../../netlify/functions/admin-media-upload.ts';
import mediaFile from '../../netlify/functions/media-file.ts';
import { ADMIN_TABLES, auditEvents, bytesOf, call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

const form = (bytes: Uint8Array, name: string, type = 'application/octet-stream', field = 'file') => {
  const data = new FormData();
  data.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
};

describe.each(databases)('uploads on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, ADMIN_TABLES, 'staff');

  const send = (body: BodyInit, headers?: Record<string, string>) =>
    call(upload, 'POST', '/api/admin/media/upload', { token: desk.token, body, ...(headers ? { headers } : {}) });

  test('stores a PNG and serves it publicly with its type, nosniff and a long cache', async () => {
    const png = bytesOf('png', 2048);
    const res = await send(form(png, 'Children Playing.PNG', 'image/png'));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/media\/\d+\/children-playing\.png$/);

    const served = await call(mediaFile, 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    const [event] = await auditEvents();
    expect(event?.type).toBe('admin.media.upload');
    expect(event?.payload).toMatchObject({
      actor: 'staff',
      name: 'children-playing.png',
      contentType: 'image/png',
      size: 2048,
    });
  });

  test('serves a PNG renamed .pdf as a PNG, whatever type the browser declared', async () => {
    const res = await send(form(bytesOf('png'), 'report.pdf', 'application/pdf'));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\/report\.png$/);
    const served = await call(mediaFile, 'GET', url);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  test('serves a PDF as a download', async () => {
    const { url } = (await (await send(form(bytesOf('pdf'), 'Brochure.pdf'))).json()) as { url: string };
    const served = await call(mediaFile, 'GET', url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="brochure.pdf"');
    const head = await call(mediaFile, 'HEAD', url);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('accepts JPEG, WebP, AVIF and GIF by their bytes', async () => {
    for (const kind of ['jpeg', 'webp', 'avif', 'gif'] as const) {
      const res = await send(form(bytesOf(kind), `picture.${kind}`));
      expect(res.status, kind).toBe(201);
    }
  });

  test('refuses an SVG, HTML named .png and other types with 415, storing nothing', async () => {
    expect((await send(form(bytesOf('svg'), 'logo.svg', 'image/svg+xml'))).status).toBe(415);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect((await send(form(html, 'photo.png', 'image/png'))).status).toBe(415);
    expect((await send('just text', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await send(JSON.stringify({ file: 'x' }), { 'Content-Type': 'application/json' })).status).toBe(415);
    expect(await rows(database, 'select id from uploads')).toEqual([]);
    expect(await auditEvents()).toEqual([]);
  });

  test('refuses a 5 MB file with 413 and takes one of exactly 4 MB', async () => {
    const big = await send(form(bytesOf('png', 5 * 1024 * 1024), 'big.png'));
    expect(big.status).toBe(413);
    // The refusal names the limit, which the dashboard shows as the reason.
    expect(await big.json()).toEqual({ error: 'The file is larger than 4 MB, the most that can be uploaded' });
    const declared = await send(form(bytesOf('png'), 'small.png'), { 'Content-Length': String(6 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    expect((await send(form(bytesOf('png', 4 * 1024 * 1024), 'max.png'))).status).toBe(201);
  });

  test('answers 400 without a file field or for an empty file', async () => {
    const other = await send(form(bytesOf('png'), 'a.png', 'image/png', 'picture'));
    expect(other.status).toBe(400);
    expect(((await other.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('file');
    expect((await send(form(new Uint8Array(), 'empty.png'))).status).toBe(400);
    const broken = await send('--x\r\nnot a part', { 'Content-Type': 'multipart/form-data; boundary=x' });
    expect(broken.status).toBe(400);
  });

  test('needs a staff token and POST', async () => {
    const anonymous = await call(upload, 'POST', '/api/admin/media/upload', { body: form(bytesOf('png'), 'a.png') });
    expect(anonymous.status).toBe(401);
    expect((await call(upload, 'GET', '/api/admin/media/upload', { token: desk.token })).status).toBe(405);
  });

  test('answers 404 for an unknown file or a name that does not match', async () => {
    const { url } = (await (await send(form(bytesOf('gif'), 'a.gif'))).json()) as { url: string };
    expect((await call(mediaFile, 'GET', url.replace('a.gif', 'b.gif'))).status).toBe(404);
    expect((await call(mediaFile, 'GET', '/media/999999/a.gif')).status).toBe(404);
    expect((await call(mediaFile, 'GET', '/media/abc/a.gif')).status).toBe(404);
    expect((await call(mediaFile, 'POST', url)).status).toBe(405);
  });
});
