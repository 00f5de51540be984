/**
 * News of a sponsored child, end to end: staff write news with a picture from Media on the child's record, preview
 * and publish it; the sponsor gets the email at the run's SMTP server and, signed in to My giving with JavaScript
 * off, reads the news and sees the picture. After the guardian withdraws photo consent the news and its picture are
 * gone from My giving, and news with a picture cannot be published again.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { staffToken } from './support/api.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { mailTo } from './support/mailbox.ts';
import { signInAs } from './support/my-giving.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Headers = Record<string, string>;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/**
 * A child kept as a draft (so no public page changes), with consent covering the profile and photos, sponsored by
 * `sponsorEmail`; its id.
 */
async function sponsoredChild(request: APIRequestContext, slug: string, name: string, sponsorEmail: string) {
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const made = await request.post('/api/admin/children', {
    headers,
    data: {
      slug,
      name,
      age: 9,
      location: 'Kibera',
      school: 'Olympic Primary School',
      grade: 'Grade 4',
      story: 'Loves maths.',
      needs: 'School fees',
      monthly_need: 5400,
      status: 'draft',
      guardian_name: 'Lucy Wairimu',
      guardian_relation: 'Mother',
      given_on: today(),
      covers: 'profile,photo',
      form_ref: `CF-${slug}`,
    },
  });
  expect(made.status()).toBe(201);
  const id = String(((await made.json()) as { child: { id: string } }).child.id);
  const sponsored = await request.post(`/api/admin/children/${id}/sponsorship`, {
    headers,
    data: { sponsor_name: 'Peter Hall', sponsor_email: sponsorEmail, amount: 5400 },
  });
  expect(sponsored.status()).toBe(201);
  const upload = await request.post('/api/admin/media/upload', {
    headers,
    multipart: { file: { name: `${slug}-choir.png`, mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  const picture = ((await upload.json()) as { url: string }).url;
  // The record's news and letters come from two functions: their first call starts them, which a busy machine makes
  // slow; the page is opened once they answer.
  expect((await request.get(`/api/admin/child-news/${id}`, { headers })).status()).toBe(200);
  expect((await request.get(`/api/admin/letters?child=${id}`, { headers })).status()).toBe(200);
  return { id, headers, picture };
}

/** Publishes news with the child's picture through the dashboard's own calls, as staff do on screen. */
async function publishNews(request: APIRequestContext, child: { id: string; headers: Headers; picture: string }) {
  const drafted = await request.post(`/api/admin/child-news/${child.id}`, {
    headers: child.headers,
    data: { update_on: today(), body: 'Neema sang a solo in the school choir this term.', photos: [child.picture] },
  });
  expect(drafted.status()).toBe(201);
  const update = String(((await drafted.json()) as { id: string }).id);
  const published = await request.post(`/api/admin/child-news/${child.id}/${update}/publish`, {
    headers: child.headers,
  });
  expect(published.status()).toBe(200);
}

/** The guardian withdraws photo consent: a new consent covers the profile only. */
async function withdrawPhotoConsent(request: APIRequestContext, slug: string, child: { id: string; headers: Headers }) {
  const withdrawn = await request.post(`/api/admin/children/${child.id}/consent-withdrawal`, {
    headers: child.headers,
    data: { note: 'No photos' },
  });
  expect(withdrawn.status()).toBe(200);
  const renewed = await request.post(`/api/admin/children/${child.id}/consents`, {
    headers: child.headers,
    data: {
      guardian_name: 'Lucy Wairimu',
      guardian_relation: 'Mother',
      given_on: today(),
      covers: 'profile',
      form_ref: `CF-${slug}-2`,
    },
  });
  expect(renewed.status()).toBe(201);
}

/** A fresh child's names: its slug, its name on the record and its sponsor's address. */
function names() {
  const suffix = randomBytes(3).toString('hex');
  return { slug: `news-${suffix}`, name: `Neema Kariuki${suffix}`, sponsorEmail: `sponsor-${suffix}@example.org` };
}

test('staff write news with a picture on the child’s record, preview and publish it; the sponsor is emailed', async ({
  page,
  request,
}) => {
  const { slug, name, sponsorEmail } = names();
  await sponsoredChild(request, slug, name, sponsorEmail);

  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child ${name}` }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  await expect(record.getByText("Today's consent covers photos")).toBeVisible();
  const form = record.getByRole('form', { name: 'Write news' });
  await form.getByRole('textbox', { name: /^News/ }).fill('Neema sang a solo in the school choir this term.');
  await form.getByText('Choose picture from Media').click();
  await form.getByRole('button', { name: `Use ${slug}-choir.png as picture` }).click();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByLabel('Preview: as the sponsor reads it')).toContainText('News from Neema');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page)).toHaveText('Draft saved: publish it when it is ready');
  await record.getByRole('button', { name: `Publish news of ${today()}` }).click();
  await expect(toast(page)).toHaveText('Published: emailed to the sponsor and shown on their My giving page');
  await expect(record.getByText('1 sponsor emailed')).toBeVisible();

  const [mail] = await mailTo(sponsorEmail, (candidate) => candidate.subject === 'News from Neema');
  expect(mail!.text).toContain('/my-giving/');
  expect(mail!.text).not.toContain('choir');
});

test('the sponsor reads the news on My giving, picture and all, until the guardian withdraws photo consent', async ({
  request,
  browser,
}) => {
  const { slug, name, sponsorEmail } = names();
  const child = await sponsoredChild(request, slug, name, sponsorEmail);
  await publishNews(request, child);

  // The sponsor, with JavaScript off, at home on a network of their own: sign-in links are limited per network.
  const sponsor = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-test-client-ip': '198.51.100.41' },
  });
  const sponsorPage = await sponsor.newPage();
  await signInAs(sponsorPage, sponsorEmail);
  const news = sponsorPage.locator('section.news');
  await expect(news.getByRole('heading', { level: 3 })).toHaveText('Neema');
  await expect(news).toContainText('Neema sang a solo in the school choir this term.');
  const picture = news.getByRole('img', { name: 'Neema, in a picture from this news' });
  await expect(picture).toBeVisible();
  const src = (await picture.getAttribute('src'))!;
  const fetched = await sponsor.request.get(src);
  expect(fetched.status()).toBe(200);
  expect(await fetched.body()).toEqual(PNG);

  await withdrawPhotoConsent(request, slug, child);
  await sponsorPage.reload();
  await expect(sponsorPage.locator('section.news')).not.toContainText('choir');
  await expect(sponsorPage.getByRole('img')).toHaveCount(0);
  expect((await sponsor.request.get(src)).status()).toBe(404);
  await sponsor.close();
});

test('once photo consent is withdrawn, news with a picture cannot be published: the record says why', async ({
  page,
  request,
}) => {
  const { slug, name, sponsorEmail } = names();
  const child = await sponsoredChild(request, slug, name, sponsorEmail);
  await withdrawPhotoConsent(request, slug, child);

  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child ${name}` }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  const form = record.getByRole('form', { name: 'Write news' });
  await expect(record.getByText("Today's consent does not cover photos")).toBeVisible();
  await form.getByRole('textbox', { name: /^News/ }).fill('Neema started piano lessons.');
  await form.getByText('Choose picture from Media').click();
  await form.getByRole('button', { name: `Use ${slug}-choir.png as picture` }).click();
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page)).toHaveText('Draft saved: publish it when it is ready');
  await record.getByRole('button', { name: `Publish news of ${today()}` }).click();
  await expect(record.getByRole('alert')).toContainText('does not cover photos');
});
