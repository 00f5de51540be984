/**
 * The one-time move of uploads' bytes from the database into the blob store: every row that holds its bytes ends up
 * naming a blob with the same bytes (by SHA-256) and holding none itself, still served at its address; running it
 * again moves nothing.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import mediaFile from '../../netlify/functions/media-file.ts';
import { readBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { moveUploads } from '../../scripts/data/move-uploads.ts';
import { bytesOf, call } from '../support/admin.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

describe.each(databases)('moving uploads into the blob store on $name', (database) => {
  useDatabase(database);
  beforeEach(() => truncate(database, ['uploads', 'media', 'sponsor_letters']));

  const legacy = async (name: string, bytes: Uint8Array, type: string) => {
    const [row] = await rows<{ id: string }>(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ($1, $2, $3, $4, 'staff')
       returning id::text as id`,
      [name, type, bytes.byteLength, Buffer.from(bytes)],
    );
    return `/media/${row?.id}/${name}`;
  };

  test('moves every stored file, keeps each address serving the same bytes, and moves nothing the second time', async () => {
    const files = Array.from({ length: 13 }, (_, index) => ({
      name: `picture-${index}.png`,
      bytes: bytesOf('png', 100 + index),
    }));
    const pdf = bytesOf('pdf', 5000);
    const urls = [];
    for (const file of files) urls.push(await legacy(file.name, file.bytes, 'image/png'));
    const pdfUrl = await legacy('receipt.pdf', pdf, 'application/pdf');

    const heard: number[] = [];
    const report = await moveUploads(database, (so) => heard.push(so.moved));
    expect(report).toEqual({ moved: 14, bytes: files.reduce((n, f) => n + f.bytes.byteLength, 0) + 5000, skipped: 0 });
    expect(heard).toEqual([10, 14]);

    const moved = await rows<{ name: string; data: Buffer | null; blob_key: string; checksum: string }>(
      database,
      'select name, data, blob_key, checksum from uploads order by id',
    );
    expect(moved.every((row) => row.data === null)).toBe(true);
    for (const [index, file] of files.entries()) {
      const row = moved[index];
      expect(row?.checksum).toBe(sha256(file.bytes));
      expect(new Uint8Array((await readBlob(row?.blob_key ?? '')) ?? [])).toEqual(file.bytes);
      const served = await call(mediaFile, 'GET', urls[index] ?? '');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(file.bytes);
    }
    const served = await call(mediaFile, 'GET', pdfUrl);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);

    expect(await moveUploads(database)).toEqual({ moved: 0, bytes: 0, skipped: 0 });
  });
});
