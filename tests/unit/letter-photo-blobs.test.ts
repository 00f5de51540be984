/**
 * A sponsor's letter photo in the blob store: it is written there (the row keeps its key and SHA-256), staff see it
 * and the print batch reads it from there, the person's export carries its bytes, a backup lists it, and erasing the
 * sponsor deletes it with the letter. A photo written before the blob store is moved there by `uploads:move`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import letters from '../../netlify/functions/admin-letters.ts';
import people from '../../netlify/functions/admin-people.ts';
import myGiving from '../../netlify/functions/my-giving.ts';
import { readBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { moveUploads } from '../../scripts/data/move-uploads.ts';
import { parseBackup } from '../../scripts/data/restore.ts';
import { call } from '../support/admin.ts';
import { SPONSOR_TABLES, sponsoredChild } from '../support/children.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import type { BackgroundPlatform } from '../support/background-platform.ts';
import { backupPlatform, takeBackup } from '../support/backup.ts';
import { donorSessionCookie } from '../support/donor.ts';

const SITE = 'http://localhost:8888';
const SPONSOR = 'wanjiku@example.org';
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(databases)("a letter's photo in the blob store on $name", (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, SPONSOR_TABLES);
  let cookie: string;
  let sponsorship: string;
  let platform: BackgroundPlatform;
  beforeAll(async () => {
    platform = await backupPlatform();
  });
  afterAll(() => platform.close());
  beforeEach(async () => {
    await sponsoredChild(desk.token, { name: 'Wanjiku Maina', email: SPONSOR });
    [{ id: sponsorship } = { id: '' }] = await rows<{ id: string }>(
      database,
      'select id::text as id from sponsorships',
    );
    cookie = await donorSessionCookie(SPONSOR);
  });

  const write = async () => {
    const form = new FormData();
    form.set('body', 'Dear Imani, here is our garden.');
    form.set('photo', new File([PNG], 'garden.png', { type: 'image/png' }));
    const res = await myGiving(
      new Request(`${SITE}/my-giving/sponsorships/${sponsorship}/letters`, {
        method: 'POST',
        headers: { cookie, origin: SITE },
        body: form,
      }),
    );
    expect(res.status).toBe(303);
    const [letter] = await rows<{ id: string; photo: Buffer | null; photo_key: string; photo_checksum: string }>(
      database,
      'select id::text as id, photo, photo_key, photo_checksum from sponsor_letters',
    );
    return letter!;
  };

  test('is stored in the blob store, shown to staff, exported with its bytes and listed by the backup', async () => {
    const letter = await write();
    expect(letter.photo).toBeNull();
    expect(letter.photo_key).toMatch(/^letters\/[0-9a-f-]{36}$/);
    expect(letter.photo_checksum).toBe(sha256(PNG));
    expect(sha256((await readBlob(letter.photo_key)) ?? new Uint8Array())).toBe(sha256(PNG));

    const shown = await call(letters, 'GET', `/api/admin/letters/${letter.id}/photo`, {
      token: desk.token,
      params: { id: letter.id, action: 'photo' },
    });
    expect(sha256(new Uint8Array(await shown.arrayBuffer()))).toBe(sha256(PNG));

    const exported = await call(people, 'POST', '/api/admin/people/export', {
      token: desk.token,
      params: { action: 'export' },
      json: { email: SPONSOR, reason: 'Her request of today', format: 'json' },
    });
    expect(exported.status).toBe(200);
    const document = (await exported.json()) as { records: { sponsor_letters: { photo: { data: number[] } }[] } };
    expect(sha256(Uint8Array.from(document.records.sponsor_letters[0]?.photo.data ?? []))).toBe(sha256(PNG));

    const file = parseBackup(await (await takeBackup(platform, desk.token)).res.text());
    const listed = file.blobs.find((entry) => entry.key === letter.photo_key);
    expect(listed).toMatchObject({ contentType: 'image/png', size: PNG.byteLength, sha256: sha256(PNG) });
  });

  test('erasing the sponsor deletes the photo from the blob store with the letter', async () => {
    const letter = await write();
    const erased = await call(people, 'POST', '/api/admin/people/erase', {
      token: desk.token,
      params: { action: 'erase' },
      json: { email: SPONSOR, reason: 'Her request of today' },
    });
    expect(erased.status).toBe(200);
    expect(await rows(database, 'select id from sponsor_letters')).toEqual([]);
    expect(await readBlob(letter.photo_key)).toBeUndefined();
  });

  test('a photo kept in its letter before the blob store is moved there and still shown', async () => {
    await rows(
      database,
      `insert into sponsor_letters (sponsorship_id, child_id, sponsor_email, body, photo, photo_type)
       select s.id, ch.id, s.sponsor_email, 'Dear Imani.', $1, 'image/png'
       from sponsorships s join children ch on ch.slug = s.child_id`,
      [PNG],
    );
    expect(await moveUploads(database)).toMatchObject({ moved: 1, bytes: PNG.byteLength });
    const [letter] = await rows<{ id: string; photo: Buffer | null; photo_key: string; photo_checksum: string }>(
      database,
      'select id::text as id, photo, photo_key, photo_checksum from sponsor_letters',
    );
    expect(letter?.photo).toBeNull();
    expect(letter?.photo_checksum).toBe(sha256(PNG));
    expect(sha256((await readBlob(letter?.photo_key ?? '')) ?? new Uint8Array())).toBe(sha256(PNG));
    const shown = await call(letters, 'GET', `/api/admin/letters/${letter?.id}/photo`, {
      token: desk.token,
      params: { id: letter?.id ?? '', action: 'photo' },
    });
    expect(sha256(new Uint8Array(await shown.arrayBuffer()))).toBe(sha256(PNG));
  });
});
