import { beforeEach, describe, expect, test } from 'vitest';
import children from '../../netlify/functions/admin-children.ts';
import records from '../../netlify/functions/admin-child-records.ts';
import news from '../../netlify/functions/admin-child-news.ts';
import {
  publishUpdate,
  setNewsEmails,
  sponsorNews,
  sponsorNewsDue,
  sponsorPhotoPath,
} from '../../netlify/functions/_shared/children/child-updates.ts';
import myGiving from '../../netlify/functions/my-giving.ts';
import { transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { sendSignInLink } from '../../netlify/functions/_shared/gifts/donor-sessions.ts';
import { bytesOf, call } from '../support/admin.ts';
import { donorSessionCookie } from '../support/donor.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import { SPONSOR_TABLES } from '../support/children.ts';

type Json = Record<string, unknown>;

const SITE = 'http://localhost:8888';

/** A request of a signed-in donor's browser to My giving; a form post when `form` is given (JavaScript off). */
function page(path: string, cookie: string, form?: Record<string, string>): Promise<Response> {
  return myGiving(
    new Request(`${SITE}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: form ? { cookie, origin: SITE, 'content-type': 'application/x-www-form-urlencoded' } : { cookie },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    }),
  );
}
const SPONSOR = 'peter@example.org';
const PHOTO = '/media/7/imani-at-school.jpg';

function newChild(covers: string): Json {
  return {
    slug: 'imani',
    name: 'Imani Wairimu',
    age: 9,
    location: 'Kibera',
    school: 'Olympic Primary School',
    grade: 'Grade 4',
    story: 'Imani loves maths and helps her little brother with his homework every evening.',
    needs: 'School fees',
    monthly_need: 5400,
    interests: 'Maths',
    family: 'Imani lives with her mother and her brother.',
    achievements: 'Class prefect',
    dream_job: 'Pilot',
    status: 'published',
    guardian_name: 'Lucy Wairimu',
    guardian_relation: 'Mother',
    given_on: '2026-11-01',
    covers,
    form_ref: 'CF-2026-100',
  };
}

describe.each(databases)('news of a sponsored child on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, SPONSOR_TABLES);
  let child: string;

  const part = (name: string, body?: Json) =>
    call(records, 'POST', `/api/admin/children/${child}/${name}`, {
      token: desk.token,
      params: { id: child, part: name },
      json: body,
    });
  const draft = async (body: Json) => {
    const res = await call(news, 'POST', `/api/admin/child-news/${child}`, {
      token: desk.token,
      params: { child },
      json: body,
    });
    expect(res.status).toBe(201);
    return String(((await res.json()) as Json)['id']);
  };
  const publish = (update: string) =>
    call(news, 'POST', `/api/admin/child-news/${child}/${update}/publish`, {
      token: desk.token,
      params: { child, update, action: 'publish' },
    });
  const emails = () =>
    rows<{ recipients: string; subject: string; body: string }>(
      database,
      `select recipients, subject, body from notification_outbox where source = 'child_update' order by id`,
    );

  beforeEach(async () => {
    const res = await call(children, 'POST', '/api/admin/children', {
      token: desk.token,
      json: newChild('profile,photo'),
    });
    child = String((((await res.json()) as Json)['child'] as Json)['id']);
    expect(
      (await part('sponsorship', { sponsor_name: 'Peter Hall', sponsor_email: SPONSOR, amount: 5400 })).status,
    ).toBe(201);
  });

  test('a published update with a photo emails the sponsor once and shows on their page, photo and all', async () => {
    const update = await draft({
      update_on: '2026-11-20',
      body: 'Imani came top of her class in maths.',
      photos: [PHOTO],
    });
    // A draft reaches no one.
    expect(await emails()).toEqual([]);
    expect((await sponsorNews(SPONSOR))[0]?.updates).toEqual([]);

    const res = await publish(update);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'published', published_by: 'officer', emailed: 1 });
    const [email] = await emails();
    expect(email).toMatchObject({ recipients: SPONSOR, subject: 'News from Imani' });
    // The email sends the sponsor to My giving; the news itself, and the surname, stay out of it.
    expect(email?.body).toContain('/my-giving/');
    expect(email?.body).not.toContain('maths');
    expect(email?.body).not.toContain('Wairimu');

    expect(await sponsorNews(SPONSOR)).toMatchObject([
      { child: 'Imani', updates: [{ id: update, body: 'Imani came top of her class in maths.', photoCount: 1 }] },
    ]);
    expect(await sponsorPhotoPath(SPONSOR, update, 0)).toBe(PHOTO);
    // Published twice: refused, and no second email.
    expect((await publish(update)).status).toBe(409);
    expect(await emails()).toHaveLength(1);
  });

  test('after photo consent is withdrawn the photo is gone and a photo cannot be published again', async () => {
    const update = await draft({ update_on: '2026-11-20', body: 'Imani started piano.', photos: [PHOTO] });
    expect((await publish(update)).status).toBe(200);
    expect((await part('consent-withdrawal', { note: 'Mother asked for no photos' })).status).toBe(200);
    const renewed = { ...newChild('profile'), form_ref: 'CF-2026-101' };
    expect((await part('consents', renewed)).status).toBe(201);

    // Withdrawal hides what was published before it; the photo cannot be fetched even by its address.
    expect((await sponsorNews(SPONSOR))[0]?.updates).toEqual([]);
    expect(await sponsorPhotoPath(SPONSOR, update, 0)).toBeUndefined();

    const again = await draft({ update_on: '2026-11-25', body: 'Imani started piano.', photos: [PHOTO] });
    const refused = await publish(again);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('does not cover photos');
    const textOnly = await draft({ update_on: '2026-11-25', body: 'Imani started piano.' });
    expect((await publish(textOnly)).status).toBe(200);
    expect(await sponsorNews(SPONSOR)).toMatchObject([{ updates: [{ id: textOnly, photoCount: 0 }] }]);
  });

  test('an update naming the child by surname, or the school without school consent, is refused until fixed', async () => {
    const update = await draft({
      update_on: '2026-11-20',
      body: 'Imani Wairimu passed her exams.',
      progress: { school: 'Olympic Primary School', grade: 'Grade 5', attendance: '96%', achievements: [] },
    });
    const res = await publish(update);
    expect(res.status).toBe(409);
    const messages = JSON.stringify(await res.json());
    expect(messages).toContain('remove \\"Wairimu\\"');
    expect(messages).toContain('does not cover the school');
    expect(await emails()).toEqual([]);
    const fixed = await call(news, 'PUT', `/api/admin/child-news/${child}/${update}`, {
      token: desk.token,
      params: { child, update },
      json: {
        update_on: '2026-11-20',
        body: 'Imani passed her exams.',
        progress: { school: '', grade: 'Grade 5', attendance: '96%', achievements: [] },
      },
    });
    expect(fixed.status).toBe(200);
    expect((await publish(update)).status).toBe(200);
  });

  test('nothing can be published, and nothing is shown, once the consent has expired', async () => {
    const update = await draft({ update_on: '2026-11-20', body: 'Imani joined the choir.' });
    expect((await publish(update)).status).toBe(200);
    const draft2 = await draft({ update_on: '2028-01-10', body: 'Imani turned ten.' });
    const outcome = await publishUpdate(child, draft2, 'officer', '2028-01-10');
    expect(outcome).toMatchObject({ ok: false, status: 409, issues: [expect.stringContaining('expired')] });
    expect((await sponsorNews(SPONSOR, '2028-01-10'))[0]?.updates).toEqual([]);
  });

  test('another person sees nothing of the child and cannot change the emails', async () => {
    const update = await draft({ update_on: '2026-11-20', body: 'Imani planted a tree.', photos: [PHOTO] });
    expect((await publish(update)).status).toBe(200);
    expect(await sponsorNews('mallory@example.org')).toEqual([]);
    expect(await sponsorPhotoPath('mallory@example.org', update, 0)).toBeUndefined();
    const [sponsorship] = await rows<{ id: string }>(database, 'select id::text as id from sponsorships');
    expect(await setNewsEmails('mallory@example.org', sponsorship!.id, false)).toBe(false);
  });

  test('a sponsor who stopped the emails keeps the news on their page, and gets no email', async () => {
    const [sponsorship] = await rows<{ id: string }>(database, 'select id::text as id from sponsorships');
    expect(await setNewsEmails(SPONSOR, sponsorship!.id, false)).toBe(true);
    const update = await draft({ update_on: '2026-11-20', body: 'Imani read her first novel.' });
    expect(await (await publish(update)).json()).toMatchObject({ emailed: 0 });
    expect(await emails()).toEqual([]);
    expect(await sponsorNews(SPONSOR)).toMatchObject([{ updateEmails: false, updates: [{ id: update }] }]);
  });

  test('a sponsored child whose sponsor has heard nothing for six months is due news, until news is published', async () => {
    const now = new Date();
    const monthsAgo = (months: number) => new Date(now.getTime() - months * 31 * 86_400_000);
    await rows(database, 'update sponsorships set started_at = $1', [monthsAgo(5)]);
    expect((await sponsorNewsDue(now)).children).toMatchObject([
      { name: 'Imani Wairimu', sponsor_name: 'Peter Hall', last_news: false, due: false },
    ]);
    await rows(database, 'update sponsorships set started_at = $1', [monthsAgo(6)]);
    expect((await sponsorNewsDue(now)).children).toMatchObject([{ last_news: false, due: true }]);
    const update = await draft({ update_on: '2026-11-20', body: 'Imani won a race.' });
    expect((await publish(update)).status).toBe(200);
    expect((await sponsorNewsDue(now)).children).toMatchObject([{ last_news: true, due: false }]);
  });

  test('a draft with a picture not from Media, or no text, is refused with the field named', async () => {
    const res = await call(news, 'POST', `/api/admin/child-news/${child}`, {
      token: desk.token,
      params: { child },
      json: { update_on: '2026-11-20', body: ' ', photos: ['https://example.org/x.jpg'] },
    });
    expect(res.status).toBe(400);
    const body = JSON.stringify(await res.json());
    expect(body).toContain('Write the news');
    expect(body).toContain('Choose each picture from Media');
  });

  test('My giving shows the news with its picture to the sponsor alone, and the emails stop with JavaScript off', async () => {
    const [upload] = await rows<{ id: string }>(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('imani.png', 'image/png', 64, $1, 'officer')
       returning id::text as id`,
      [Buffer.from(bytesOf('png'))],
    );
    const photo = `/media/${upload!.id}/imani.png`;
    const update = await draft({ update_on: '2026-11-20', body: 'Imani sang in the school choir.', photos: [photo] });
    expect((await publish(update)).status).toBe(200);

    const sponsor = await donorSessionCookie(SPONSOR);
    const account = await page('/my-giving/account', sponsor);
    const html = await account.text();
    const news = html.slice(html.indexOf('News from the child you sponsor'));
    expect(news).toContain('Imani sang in the school choir.');
    expect(news).not.toContain('Wairimu');
    expect(html).toContain(`src="/my-giving/news/${update}/photos/0"`);
    expect(account.headers.get('content-security-policy')).toContain("img-src 'self'");
    const picture = await page(`/my-giving/news/${update}/photos/0`, sponsor);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(bytesOf('png'));

    const stranger = await donorSessionCookie('mallory@example.org');
    expect(await (await page('/my-giving/account', stranger)).text()).not.toContain('choir');
    expect((await page(`/my-giving/news/${update}/photos/0`, stranger)).status).toBe(404);
    const [sponsorship] = await rows<{ id: string }>(database, 'select id::text as id from sponsorships');
    const path = `/my-giving/sponsorships/${sponsorship!.id}/news-emails`;
    expect((await page(path, stranger, { emails: 'off' })).status).toBe(404);

    const stopped = await page(path, sponsor, { emails: 'off' });
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get('location')).toBe('/my-giving/account?done=news-off');
    expect(await rows(database, 'select update_emails, state from sponsorships')).toEqual([
      { update_emails: false, state: 'active' },
    ]);
    expect(await (await page('/my-giving/account?done=news-off', sponsor)).text()).toContain(
      'Email me when there is news from Imani',
    );
  });

  test('a sponsor staff recorded, who has given nothing online, can sign in to My giving to read the news', async () => {
    await transaction((tx) => sendSignInLink(tx, SPONSOR));
    await transaction((tx) => sendSignInLink(tx, 'stranger@example.org'));
    expect(
      await rows(database, `select recipients from notification_outbox where subject like 'Your link to My giving%'`),
    ).toEqual([{ recipients: SPONSOR }]);
  });
});
