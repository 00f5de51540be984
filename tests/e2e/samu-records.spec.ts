/**
 * Children and events run from /samu and are shown only as their guardian's consent allows: a child added
 * with text-only consent appears on /children with the illustration and no school; photo and school consent bring
 * them; withdrawal takes the child off /children, /sponsor and Home after the rebuild while /samu keeps the history.
 * A sponsorship recorded by staff takes a child off /sponsor, whose `?child=` link then explains kindly; ending it
 * offers the child again; a sponsorship paid through Paystack does the same without staff. A consent that ended the
 * day before the daily rebuild's (injected) date takes the child off every list; a rebuild dated its last day shows
 * the child. An event added for tomorrow is upcoming, and past once the daily rebuild runs two days on. A monthly
 * M-Pesa sponsorship is paid by a C2B confirmation with its own account; with the commitments job's clock named, a
 * month without payment makes it late, then lapsed; staff end it and the child is offered again after the rebuild.
 * These specs change the lists every other page spec reads, so they run in their own project after the others
 * (playwright.config.ts).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { staffList, staffToken } from './support/api.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { html, nairobiDay, REBUILD_MS, untilBuilt } from './support/rebuilds.ts';
import { PAYSTACK, paystackConfirms } from './support/checkout.ts';
import { E2E_MPESA } from '../../support/e2e/server.ts';

test.describe.configure({ mode: 'serial' });

/** The sponsor form's post for a full monthly sponsorship, as a browser sends it without JavaScript. */
function sponsorCheckout(request: APIRequestContext, fields: Record<string, string>) {
  return request.post('/api/payments/checkout', {
    form: {
      form: 'sponsorship_application',
      sponsorshipType: 'full',
      paymentMethod: 'monthly',
      website: '',
      ...fields,
    },
    maxRedirects: 0,
  });
}

test('a child added with text-only consent shows with an illustration, gains the photo with photo consent, and leaves every list when consent is withdrawn', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * REBUILD_MS);
  const suffix = randomBytes(3).toString('hex');
  const slug = `imani-${suffix}`;
  const name = `Imani Wairimu`;
  await signIn(page, request);

  // A photo in Media, to be shown only once the guardian allows it.
  let panel = await openTab(page, 'Media');
  const fileName = `imani-${suffix}.jpg`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await readFile('src/assets/children/zawadi.jpg'),
  });
  const mediaRow = panel.getByRole('row').filter({ hasText: fileName });
  const mediaUrl = (await mediaRow.getByRole('link').first().textContent())?.trim() ?? '';
  expect(mediaUrl).toMatch(/^\/media\/\d+\//);

  panel = await openTab(page, 'Children');
  await expect(panel.getByRole('row').filter({ hasText: 'Amani Otieno' })).toBeVisible();
  await panel.getByRole('button', { name: 'New child' }).click();
  const field = (label: string | RegExp) =>
    panel.getByRole('textbox', typeof label === 'string' ? { name: label, exact: true } : { name: label });
  await field(/^Child id/).fill(slug);
  await field(/^Name/).fill(name);
  await field(/^Age/).fill('9');
  await field('Location').fill('Kibera');
  await field('School').fill('Olympic Primary School');
  await field('Class').fill('Grade 4');
  await field('Story').fill('Imani loves maths and helps her little brother with his homework every evening.');
  await field('Needs').fill('School fees\nUniform');
  await field('Photo').fill(mediaUrl);
  await field('Photo description').fill('Imani smiling in her school uniform');
  await field(/^Monthly need/).fill('5400');
  await field('Interests').fill('Maths\nSinging');
  await field('Family').fill('Imani lives with her mother and her brother.');
  await field('Achievements').fill('Class prefect');
  await field('Dream job').fill('Pilot');
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await field(/^Relation to the child/).fill('Mother');
  await panel.getByLabel('Consent given on').fill(nairobiDay());
  await field(/^Consent form reference/).fill(`CF-${suffix}`);

  // Without the guardian's name nothing is saved: the field says why.
  await panel.getByRole('button', { name: 'Create child' }).click();
  await expect(panel.getByText('Guardian name is required')).toBeVisible();
  await field(/^Guardian name/).fill('Lucy Wairimu');
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Create child' }).click();
  await expect(toast(page)).toHaveText(/Created child/);

  // Text only: on /children with the neutral illustration, no school and no neighbourhood.
  await untilBuilt(page, '/children/', `child-${slug}`, true);
  await page.goto('/children/');
  const card = page.locator(`#child-${slug}`);
  await expect(card).toContainText(name);
  await expect(card.locator('img')).toHaveAttribute('src', /illustration/);
  await expect(card).not.toContainText('Olympic Primary School');
  await expect(card).not.toContainText('Kibera');

  // Photo and school consent: the photo and the school line appear after the rebuild.
  await page.goto('/samu');
  panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child ${name}` }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  const consentForm = record.getByRole('form', { name: /Record a new consent/ });
  await consentForm.getByRole('textbox', { name: /^Guardian name/ }).fill('Lucy Wairimu');
  await consentForm.getByRole('textbox', { name: /^Relation to the child/ }).fill('Mother');
  await consentForm.getByLabel('Consent given on').fill(nairobiDay());
  await consentForm.getByRole('checkbox', { name: 'Photo' }).check();
  await consentForm.getByRole('checkbox', { name: 'School name' }).check();
  await consentForm.getByRole('textbox', { name: /^Consent form reference/ }).fill(`CF-${suffix}-2`);
  await consentForm.getByRole('button', { name: 'Record consent' }).click();
  await expect(toast(page)).toHaveText('Consent recorded');
  await untilBuilt(page, '/children/', 'Olympic Primary School', true);
  await page.goto('/children/');
  await expect(card.locator('img')).not.toHaveAttribute('src', /illustration/);
  await expect(card.locator('img')).toHaveAttribute('alt', 'Imani smiling in her school uniform');
  await expect(card).toContainText('Olympic Primary School');
  await expectNoAxeViolations(page);

  // Withdrawal: off /children, /sponsor and Home after the rebuild; the link no longer opens a form for her.
  await page.goto('/samu');
  panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child ${name}` }).click();
  await record.getByLabel('Withdrawal note').fill('Mother asked in person');
  await record.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(toast(page)).toHaveText('Consent withdrawn: the child leaves the site');
  await untilBuilt(page, '/children/', `child-${slug}`, false);
  expect(await html(page, '/sponsor/')).not.toContain(slug);
  expect(await html(page, '/')).not.toContain(slug);
  await page.goto(`/sponsor?child=${slug}`);
  await expect(page.locator('.sponsor-children .child-card').first()).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.getByText(/already has a sponsor/)).toHaveCount(0);

  // The history stays in /samu.
  await page.goto('/samu');
  panel = await openTab(page, 'Children');
  await expect(panel.getByRole('row').filter({ hasText: name })).toContainText('No consent: not on the site');
  await panel.getByRole('button', { name: `Edit child ${name}` }).click();
  await expect(record.getByRole('table')).toContainText('consent withdrawn');
  await expect(record.getByRole('list').last()).toContainText('withdrawn');
  await expect(record.getByRole('list').last()).toContainText('Mother asked in person');
  await expect(record).toContainText('No consent on record');
});

test('a child marked sponsored in /samu leaves /sponsor, whose link explains and offers others, until the sponsorship ends', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: 'Edit child Amani Otieno' }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  const form = record.getByRole('form', { name: 'Mark as sponsored' });
  await form.getByRole('textbox', { name: /^Sponsor name/ }).fill('Peter Hall');
  await form.getByRole('textbox', { name: /^Amount per period/ }).fill('5400');
  await form.getByRole('button', { name: 'Mark as sponsored' }).click();
  await expect(toast(page)).toHaveText('Sponsorship recorded');
  await expect(panel.getByRole('row').filter({ hasText: 'Amani Otieno' })).toContainText('Sponsored');

  await untilBuilt(page, '/sponsor/', 'id="child-amani"', false);
  await page.goto('/sponsor?child=amani');
  await expect(page.getByRole('status').filter({ hasText: 'Amani already has a sponsor' })).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.locator('.sponsor-children .child-card')).toHaveCount(4);
  expect(await html(page, '/children/')).not.toContain('id="child-amani"');

  await page.goto('/samu');
  const again = await openTab(page, 'Children');
  await again.getByRole('button', { name: 'Edit child Amani Otieno' }).click();
  await again.getByRole('button', { name: 'End sponsorship', exact: true }).click();
  await expect(toast(page)).toHaveText('Sponsorship ended: the child is waiting again');
  await untilBuilt(page, '/sponsor/', 'id="child-amani"', true);
  await page.goto('/sponsor?child=amani');
  await expect(page.getByRole('dialog', { name: 'Sponsor Amani Otieno' })).toBeVisible();
});

test('a sponsorship paid through Paystack takes the child off /sponsor after the rebuild; staff ending it offers the child again', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  const email = `sponsor-${randomBytes(4).toString('hex')}@example.org`;
  expect(await html(page, '/sponsor/'), 'Amani is offered before the gift').toContain('id="child-amani"');
  // The sponsor form's post, as a browser sends it without JavaScript: the tab goes to Paystack's checkout.
  const checkout = await sponsorCheckout(request, { childId: 'amani', name: 'Ruth Njoroge', email });
  expect(checkout.status()).toBe(303);
  expect(checkout.headers()['location']).toMatch(new RegExp(`^${PAYSTACK}/checkout/`));
  type Gift = { reference: string; donor_email: string; state: string; kind: string };
  const gift = (await staffList<Gift>(request, 'gifts')).find((row) => row.donor_email === email);
  expect(gift).toMatchObject({ state: 'pending', kind: 'sponsorship' });

  await paystackConfirms(request, gift!.reference);
  await untilBuilt(page, '/sponsor/', 'id="child-amani"', false);
  await page.goto('/sponsor?child=amani');
  await expect(page.getByRole('status').filter({ hasText: 'Amani already has a sponsor' })).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.locator('.sponsor-children .child-card')).toHaveCount(4);
  await expectNoAxeViolations(page);

  // Staff see why on the child's record, and end the sponsorship.
  await signIn(page, request);
  const listed = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/admin/children' && answer.request().method() === 'GET',
  );
  const panel = await openTab(page, 'Children');
  expect((await listed).status()).toBe(200);
  await expect(panel.getByRole('row').filter({ hasText: 'Amani Otieno' })).toContainText('Sponsored');
  await panel.getByRole('button', { name: 'Edit child Amani Otieno' }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  await expect(record).toContainText('sponsored (confirmed gift through paystack)');
  await record.getByRole('button', { name: 'End sponsorship', exact: true }).click();
  await expect(toast(page)).toHaveText('Sponsorship ended: the child is waiting again');
  await untilBuilt(page, '/sponsor/', 'id="child-amani"', true);
  await page.goto('/sponsor?child=amani');
  await expect(page.getByRole('dialog', { name: 'Sponsor Amani Otieno' })).toBeVisible();
});

test('/samu lists a consent ending in 10 days', async ({ page, request }) => {
  const token = await staffToken(request);
  const slug = `soon-${randomBytes(3).toString('hex')}`;
  const created = await request.post('/api/admin/children', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      slug,
      name: 'Baraka Soon',
      age: 10,
      monthly_need: 5400,
      guardian_name: 'Ann Soon',
      guardian_relation: 'Aunt',
      given_on: nairobiDay(-355),
      valid_until: nairobiDay(10),
      covers: ['profile'],
      form_ref: 'CF-SOON',
    },
  });
  expect(created.status()).toBe(201);
  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  const soon = panel.locator('.consents-ending');
  await expect(soon.getByRole('heading', { name: 'Consents ending within 30 days' })).toBeVisible();
  await expect(soon.getByRole('listitem').filter({ hasText: slug })).toContainText(
    `ends ${nairobiDay(10)}, in 10 days`,
  );
});

test('a consent that ended yesterday takes the child off /children, /sponsor and Home at the daily rebuild; on its last day she is shown', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * REBUILD_MS);
  const token = await staffToken(request);
  // A new record at position 0 comes before the file's children, and "asha-" sorts before the other records made
  // here, so she is first of the waiting children: on /children, /sponsor and Home's two alike.
  const slug = `asha-${randomBytes(3).toString('hex')}`;
  const lastDay = nairobiDay(1);
  const created = await request.post('/api/admin/children', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      slug,
      name: 'Asha Njeri',
      age: 8,
      location: 'Mathare',
      school: 'Mathare North Primary School',
      grade: 'Grade 3',
      story: 'Asha reads every sign on her way to school and wants a library card of her own.',
      needs: 'School fees\nBooks',
      monthly_need: 5400,
      interests: 'Reading',
      family: 'Asha lives with her grandmother.',
      achievements: 'Best reader in Grade 2',
      dream_job: 'Librarian',
      status: 'published',
      guardian_name: 'Mary Njeri',
      guardian_relation: 'Grandmother',
      given_on: nairobiDay(-364),
      valid_until: lastDay,
      covers: ['profile'],
      form_ref: 'CF-ENDING',
    },
  });
  expect(created.status()).toBe(201);
  const card = `id="child-${slug}"`;
  /** Whether each waiting list of the built site offers her: /children, /sponsor and Home. */
  const offered = async () =>
    Promise.all(['/children/', '/sponsor/', '/'].map(async (path) => (await html(page, path)).includes(card)));

  // Built today, within her consent: every list offers her.
  await untilBuilt(page, '/children/', card, true);
  expect(await offered()).toEqual([true, true, true]);

  // The daily rebuild the day after her last day: her consent ended yesterday, so no list offers her.
  expect((await request.post(`/.netlify/local-build-hook?site_date=${nairobiDay(2)}`)).status()).toBe(200);
  await untilBuilt(page, '/children/', card, false);
  expect(await offered()).toEqual([false, false, false]);
  await page.goto(`/sponsor?child=${slug}`);
  await expect(page.locator('.sponsor-children .child-card').first()).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  // A rebuild dated her last day: the consent still covers it, and she is back.
  expect((await request.post(`/.netlify/local-build-hook?site_date=${lastDay}`)).status()).toBe(200);
  await untilBuilt(page, '/children/', card, true);
  expect(await offered()).toEqual([true, true, true]);

  // Off the site again, so the lists the specs after this one read are as they found them.
  const id = String(((await created.json()) as { child: { id: string } }).child.id);
  const withdrawn = await request.post(`/api/admin/children/${id}/consent-withdrawal`, {
    headers: { authorization: `Bearer ${token}` },
    data: { note: 'end of the expiry test' },
  });
  expect(withdrawn.status()).toBe(200);
});

test('a monthly M-Pesa sponsorship: paid with its account, late then lapsed over unpaid months, ended by staff, and the child offered again', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  const email = `mpesa-sponsor-${randomBytes(4).toString('hex')}@example.org`;
  expect(await html(page, '/sponsor/'), 'Wanjiku is offered before the gift').toContain('id="child-wanjiku"');
  const checkout = await sponsorCheckout(request, {
    childId: 'wanjiku',
    name: 'Joseph Mutua',
    email,
    payWith: 'mpesa',
  });
  expect(checkout.status()).toBe(303);
  type Commitment = { id: string; donor_email: string; state: string; account: string; amount_subunits: number };
  const mine = async () => (await staffList<Commitment>(request, 'commitments')).find((c) => c.donor_email === email);
  const pending = await mine();
  expect(pending).toMatchObject({ state: 'pending', amount_subunits: 810000 });
  expect(pending!.account).toMatch(/^TUM[A-Z0-9]{5}$/);

  // Daraja's C2B confirmation (its published sample, with our Paybill, the account and the month's amount).
  const nairobiNow = new Date(Date.now() + 3 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const c2b = await request.post(`/api/payments/mpesa/c2b/${E2E_MPESA.pathSecret}`, {
    data: {
      TransactionType: 'Pay Bill',
      TransID: `RK${randomBytes(4).toString('hex').toUpperCase()}`,
      TransTime: nairobiNow,
      TransAmount: '8100.00',
      BusinessShortCode: E2E_MPESA.paybill,
      BillRefNumber: pending!.account,
      InvoiceNumber: '',
      OrgAccountBalance: '25.00',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'NICHOLAS',
      MiddleName: '',
      LastName: '',
    },
  });
  expect(c2b.status()).toBe(200);
  expect((await mine())!.state).toBe('active');
  await untilBuilt(page, '/sponsor/', 'id="child-wanjiku"', false);

  // The daily job, its clock named: a month and a half without payment is late; two and a half, lapsed.
  const runOn = async (months: number) => {
    const day = new Date();
    day.setUTCMonth(day.getUTCMonth() + months);
    day.setUTCDate(day.getUTCDate() + 16);
    const run = await request.post('/.netlify/functions/commitments-daily', { data: { now: day.toISOString() } });
    expect(run.status()).toBe(200);
  };
  await runOn(1);
  expect((await mine())!.state).toBe('late');
  await runOn(2);
  expect((await mine())!.state).toBe('lapsed');

  // Staff are asked to contact the sponsor in /samu, and end the sponsorship there.
  await signIn(page, request);
  const panel = await openTab(page, 'Gifts');
  const tasks = panel.getByRole('region', { name: 'Sponsors to contact' });
  const task = tasks.getByRole('listitem').filter({ hasText: email });
  await expect(task).toContainText('Contact Joseph Mutua');
  await expect(panel.getByTestId('commitment-counts')).toContainText(/[1-9]\d* stopped paying/);
  await expectNoAxeViolations(page);
  await task.getByRole('button', { name: /^End sponsorship of Wanjiku/ }).click();
  await page.getByRole('dialog', { name: 'End this commitment?' }).getByRole('button', { name: 'End' }).click();
  await expect(toast(page)).toHaveText('End: done');
  expect((await mine())!.state).toBe('ended');
  await untilBuilt(page, '/sponsor/', 'id="child-wanjiku"', true);
  await page.goto('/sponsor?child=wanjiku');
  await expect(page.getByRole('dialog', { name: 'Sponsor Wanjiku Kamau' })).toBeVisible();
});
