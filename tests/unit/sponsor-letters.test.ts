import { beforeEach, describe, expect, test } from 'vitest';
import records from '../../netlify/functions/admin-child-records.ts';
import news from '../../netlify/functions/admin-child-news.ts';
import letters from '../../netlify/functions/admin-letters.ts';
import myGiving from '../../netlify/functions/my-giving.ts';
import { transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { erasePerson } from '../../netlify/functions/_shared/people/people.ts';
import { SPONSOR_TABLES, sponsoredChild } from '../support/children.ts';
import { bytesOf, call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import { donorSessionCookie } from '../support/donor.ts';
import { pdfText } from '../support/pdf-text.ts';

type Json = Record<string, unknown>;

const SITE = 'http://localhost:8888';
const SPONSOR = 'peter@example.org';
/** A real 1×1 PNG, as a phone would send (PDFKit draws it into the batch). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const LETTER = 'Dear Imani, I hope school is going well. Call me on 0711 222 333 or write to peter.hall@example.org!';

/** A signed-in sponsor's form post from My giving; multipart when `photo` is given, as the browser sends it. */
function post(path: string, cookie: string, fields: Record<string, string>, photo?: Uint8Array): Promise<Response> {
  let body: BodyInit;
  const headers: Record<string, string> = { cookie, origin: SITE };
  if (photo) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('photo', new File([Buffer.from(photo)], 'us.png', { type: 'image/png' }));
    body = form;
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  }
  return myGiving(new Request(`${SITE}${path}`, { method: 'POST', headers, body }));
}

describe.each(databases)('letters from sponsors on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, SPONSOR_TABLES);
  let child: string;
  let sponsorship: string;
  let sponsor: string;

  const staff = (method: string, path: string, json?: unknown, params: Record<string, string> = {}) =>
    call(letters, method, path, { token: desk.token, params, ...(json === undefined ? {} : { json }) });
  const review = async () => ((await (await staff('GET', '/api/admin/letters')).json()) as { letters: Json[] }).letters;
  const sent = (subject: string) =>
    rows<{ recipients: string; body: string }>(
      database,
      `select recipients, body from notification_outbox where subject = $1`,
      [subject],
    );

  beforeEach(async () => {
    child = await sponsoredChild(desk.token, { name: 'Peter Hall', email: SPONSOR });
    [{ id: sponsorship } = { id: '' }] = await rows<{ id: string }>(
      database,
      'select id::text as id from sponsorships',
    );
    sponsor = await donorSessionCookie(SPONSOR);
  });

  test('a sponsor writes with a photo; staff see the contact details and cannot approve until they are gone', async () => {
    const written = await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: LETTER }, PNG);
    expect(written.status).toBe(303);
    expect(written.headers.get('location')).toBe('/my-giving/account?done=letter-sent');

    const [letter] = await review();
    expect(letter).toMatchObject({
      state: 'review',
      has_photo: true,
      sponsor_name: 'Peter Hall',
      surnames: ['Hall', 'Wairimu'],
    });
    const id = String(letter!['id']);
    const photo = await staff('GET', `/api/admin/letters/${id}/photo`, undefined, { id, action: 'photo' });
    expect(Buffer.from(await photo.arrayBuffer()).toString('hex')).toBe(PNG.toString('hex'));

    const refused = await staff(
      'POST',
      `/api/admin/letters/${id}/approve`,
      { body: LETTER },
      { id, action: 'approve' },
    );
    expect(refused.status).toBe(409);
    const { issues } = (await refused.json()) as { issues: { path: string; message: string }[] };
    expect(issues).toEqual([
      { path: 'phone', message: '0711 222 333' },
      { path: 'email', message: 'peter.hall@example.org' },
    ]);
    const cleaned = 'Dear Imani, I hope school is going well. Love from the Hall family.';
    // A surname staff judge harmless can be confirmed; what is not confirmed still stops approval.
    expect(
      (await staff('POST', `/api/admin/letters/${id}/approve`, { body: cleaned }, { id, action: 'approve' })).status,
    ).toBe(409);
    const approved = await staff(
      'POST',
      `/api/admin/letters/${id}/approve`,
      { body: cleaned, confirmed: ['Hall'] },
      { id, action: 'approve' },
    );
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: 'approved', body: cleaned, reviewed_by: 'officer' });

    // Printed in the batch for the field visit, then marked delivered.
    const batch = await staff('GET', '/api/admin/letters/batch');
    expect(batch.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await batch.arrayBuffer()));
    expect(text).toContain('A letter for Imani');
    expect(text).toContain('From Peter, your sponsor');
    expect(text).toContain('Love from the Hall family.');
    expect(text).not.toContain('0711');
    const ofChild = await staff('GET', `/api/admin/letters?child=${child}`);
    expect(await ofChild.json()).toMatchObject({ letters: [{ id, state: 'approved' }], counts: { approved: 1 } });
    const delivered = await staff('POST', '/api/admin/letters/delivered', { ids: [id] });
    expect(await delivered.json()).toEqual({ delivered: 1 });
    expect((await staff('GET', '/api/admin/letters/batch')).status).toBe(404);
    const account = await (
      await myGiving(new Request(`${SITE}/my-giving/account`, { headers: { cookie: sponsor } }))
    ).text();
    expect(account).toContain('To Imani');
    expect(account).toContain('Delivered');
  });

  test('asked to change, the sponsor is emailed why and sends a changed letter; a decline is explained too', async () => {
    await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: LETTER });
    const id = String((await review())[0]!['id']);
    const reason = 'Please leave out your phone number and email: we pass letters on by hand.';
    const asked = await staff('POST', `/api/admin/letters/${id}/changes`, { reason }, { id, action: 'changes' });
    expect(asked.status).toBe(200);
    const [email] = await sent('Please change your letter to Imani');
    expect(email?.recipients).toBe(SPONSOR);
    expect(email?.body).toContain(reason);
    const page = await (
      await myGiving(new Request(`${SITE}/my-giving/account`, { headers: { cookie: sponsor } }))
    ).text();
    expect(page).toContain('Asked to change');
    expect(page).toContain(`action="/my-giving/letters/${id}/revise"`);

    const stranger = await donorSessionCookie('mallory@example.org');
    expect((await post(`/my-giving/letters/${id}/revise`, stranger, { body: 'Hello' })).status).toBe(404);
    const revised = await post(`/my-giving/letters/${id}/revise`, sponsor, {
      body: 'Dear Imani, I hope school is going well.',
    });
    expect(revised.status).toBe(303);
    expect(await review()).toMatchObject([{ id, state: 'review', reason: null }]);

    const declined = await staff(
      'POST',
      `/api/admin/letters/${id}/decline`,
      { reason: 'It asks to meet the child.' },
      { id, action: 'decline' },
    );
    expect(declined.status).toBe(200);
    const [declinedEmail] = await sent('Your letter to Imani');
    expect(declinedEmail?.body).toContain('It asks to meet the child.');
  });

  test('nobody writes to a child they do not sponsor, nor reads letters that are not theirs', async () => {
    const stranger = await donorSessionCookie('mallory@example.org');
    expect((await post(`/my-giving/sponsorships/${sponsorship}/letters`, stranger, { body: 'Hello' })).status).toBe(
      404,
    );
    await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, {
      body: 'Dear Imani, greetings from snowy London.',
    });
    const theirs = await (
      await myGiving(new Request(`${SITE}/my-giving/account`, { headers: { cookie: stranger } }))
    ).text();
    expect(theirs).not.toContain('snowy London');
    // Once the sponsorship ends, the sponsor can no longer write either.
    await call(records, 'POST', `/api/admin/children/${child}/sponsorship-end`, {
      token: desk.token,
      params: { id: child, part: 'sponsorship-end' },
      json: { left: false },
    });
    expect(
      (await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: 'Hello again' })).status,
    ).toBe(404);
    expect(await rows(database, 'select count(*)::int as n from sponsor_letters')).toEqual([{ n: 1 }]);
  });

  test('an empty letter, or a photo that is not a picture, is refused with the reason and nothing is stored', async () => {
    expect((await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: '  ' })).status).toBe(400);
    const pdf = await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: 'Hi' }, bytesOf('pdf'));
    expect(pdf.status).toBe(400);
    expect(await pdf.text()).toContain('The photo must be a JPEG, PNG, WebP or GIF picture.');
    expect(await rows(database, 'select count(*)::int as n from sponsor_letters')).toEqual([{ n: 0 }]);
  });

  test("the child's reply reaches the sponsor as a letter from the child", async () => {
    const draft = await call(news, 'POST', `/api/admin/child-news/${child}`, {
      token: desk.token,
      params: { child },
      json: { kind: 'reply', update_on: '2026-11-25', body: 'Thank you for the letter. I like football. Imani' },
    });
    expect(draft.status, await draft.clone().text()).toBe(201);
    const update = String(((await draft.json()) as Json)['id']);
    const published = await call(news, 'POST', `/api/admin/child-news/${child}/${update}/publish`, {
      token: desk.token,
      params: { child, update, action: 'publish' },
    });
    expect(published.status).toBe(200);
    expect(await sent('A letter from Imani')).toMatchObject([{ recipients: SPONSOR }]);
    const page = await (
      await myGiving(new Request(`${SITE}/my-giving/account`, { headers: { cookie: sponsor } }))
    ).text();
    expect(page).toContain('A letter from Imani, 25 November 2026');
    expect(page).toContain('I like football.');
  });

  test('erasing the sponsor removes their letters', async () => {
    await post(`/my-giving/sponsorships/${sponsorship}/letters`, sponsor, { body: 'Dear Imani, hello.' });
    await transaction((tx) => erasePerson(tx, { email: SPONSOR }));
    expect(await rows(database, 'select count(*)::int as n from sponsor_letters')).toEqual([{ n: 0 }]);
  });
});
