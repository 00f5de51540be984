/**
 * Uploaded files' bytes in the blob store: an upload writes its bytes there and only their description (name, type,
 * size, checksum, blob key) to its row; the public address serves them from there; deleting the Media entry removes
 * both; a row stored before the blob store (bytes in the row) keeps being served.
 */
import type { Context } from '@netlify/functions';
import { describe, expect, test } from 'vitest';
import media from '../../netlify/functions/admin-media.ts';
import upload from '../../netlify/functions/admin-media-upload.ts';
import mediaFile from '../../netlify/functions/media-file.ts';
import { storeUpload } from '../../netlify/functions/_shared/content/uploads.ts';
import { listBlobs, readBlob, readBlobWithMetadata, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { ADMIN_TABLES, bytesOf, call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

const form = (bytes: Uint8Array, name: string) => {
  const data = new FormData();
  data.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return data;
};

describe.each(databases)('uploads in the blob store on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, ADMIN_TABLES, 'staff');

  const send = async (bytes: Uint8Array, name: string) => {
    const res = await call(upload, 'POST', '/api/admin/media/upload', { token: desk.token, body: form(bytes, name) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };

  test('an upload keeps its bytes in the blob store and their description in its row', async () => {
    const png = bytesOf('png', 3000);
    const url = await send(png, 'Garden.png');
    const [row] = await rows<{ data: Buffer | null; blob_key: string; checksum: string; size: number }>(
      database,
      'select data, blob_key, checksum, size from uploads',
    );
    expect(row?.data).toBeNull();
    expect(row?.size).toBe(3000);
    expect(row?.checksum).toBe(sha256(png));
    expect(row?.blob_key).toMatch(/^[0-9a-f-]{36}\/garden\.png$/);
    expect(new Uint8Array((await readBlob(row?.blob_key ?? '')) ?? [])).toEqual(png);
    const stored = await readBlobWithMetadata(row?.blob_key ?? '');
    expect(stored?.metadata).toEqual({ name: 'garden.png', contentType: 'image/png', size: 3000, sha256: sha256(png) });

    const served = await call(mediaFile, 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  test('deleting the Media entry deletes the row and its bytes, and the address answers 404', async () => {
    const url = await send(bytesOf('jpeg', 500), 'van.jpg');
    const [row] = await rows<{ blob_key: string }>(database, 'select blob_key from uploads');
    const [entry] = await rows<{ id: string }>(database, 'select id::text as id from media where url = $1', [url]);
    const deleted = await call(media, 'DELETE', `/api/admin/media/${entry?.id}`, { token: desk.token });
    expect(deleted.status).toBe(204);
    expect(await rows(database, 'select id from uploads')).toEqual([]);
    expect(await readBlob(row?.blob_key ?? '')).toBeUndefined();
    expect((await listBlobs(row?.blob_key.split('/')[0])).length).toBe(0);
    expect((await call(mediaFile, 'GET', url)).status).toBe(404);
  });

  test("a Deploy Preview's deletion drops the row but leaves the bytes production's copy may still name", async () => {
    const url = await send(bytesOf('png', 400), 'shared.png');
    const [row] = await rows<{ blob_key: string }>(database, 'select blob_key from uploads');
    const [entry] = await rows<{ id: string }>(database, 'select id::text as id from media where url = $1', [url]);
    const preview = { ip: '203.0.113.7', params: { id: entry?.id }, deploy: { context: 'deploy-preview' } };
    const deleted = await media(
      new Request(`http://localhost/api/admin/media/${entry?.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${desk.token}` },
      }),
      preview as unknown as Context,
    );
    expect(deleted.status).toBe(204);
    expect(await rows(database, 'select id from uploads')).toEqual([]);
    expect(await readBlob(row?.blob_key ?? '')).toBeDefined();
  });

  test('an upload whose row is not written leaves no file behind', async () => {
    let key = '';
    const failed = storeUpload({ name: 'x.png', contentType: 'image/png', data: bytesOf('png') }, async (row) => {
      key = row.blobKey;
      expect(await readBlob(key)).toBeDefined();
      throw new Error('the row was not written');
    });
    await expect(failed).rejects.toThrow('the row was not written');
    expect(await readBlob(key)).toBeUndefined();
  });

  test('a row stored before the blob store is still served from its own bytes', async () => {
    const gif = bytesOf('gif', 200);
    const [row] = await rows<{ id: string }>(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('old.gif', 'image/gif', 200, $1, 'staff')
       returning id::text as id`,
      [Buffer.from(gif)],
    );
    const served = await call(mediaFile, 'GET', `/media/${row?.id}/old.gif`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(gif);
  });

  test('a row whose bytes are in neither place is refused by the database', async () => {
    await expect(
      rows(
        database,
        `insert into uploads (name, content_type, size, uploaded_by) values ('none.gif', 'image/gif', 10, 'staff')`,
      ),
    ).rejects.toThrow(/uploads_bytes_kept/);
  });

  test('a file whose blob went missing answers 404, not an error', async () => {
    const url = await send(bytesOf('png'), 'gone.png');
    await rows(database, `update uploads set blob_key = 'missing/gone.png'`);
    expect((await call(mediaFile, 'GET', url)).status).toBe(404);
  });
});
