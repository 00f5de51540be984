/**
 * A child leaving the programme, end to end with the run's SMTP server: staff record the exit of a sponsored child on
 * the child's record; the sponsor's email arrives without the reason staff wrote; its one-click link, opened with
 * JavaScript off, shows a button, and pressing it carries the sponsorship on to a waiting child, who is sponsored
 * and leaves /sponsor at the rebuild while the child who left is on no page. A second sponsor who does not answer is
 * asked again at day 30 and their sponsorship ends after, with the daily job's clock named.
 *
 * Runs after the other specs (its own project): it takes a child off /sponsor and names the daily job's clock.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { html, nairobiDay, REBUILD_MS, untilBuilt } from './support/rebuilds.ts';
import { mailTo } from './support/mailbox.ts';

test.describe.configure({ mode: 'serial' });

const DAY_MS = 86_400_000;
const REASON = 'Mother moved the family to Eldoret after losing her job';

/** A child added in /samu with consent covering the profile, `published` or kept as a draft; its id. */
async function addChild(request: APIRequestContext, slug: string, name: string, status: 'published' | 'draft') {
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const made = await request.post('/api/admin/children', {
    headers,
    data: {
      slug,
      name,
      age: 10,
      location: 'Kibera',
      school: 'Olympic Primary School',
      grade: 'Grade 5',
      story: `${name.split(' ')[0]} loves drawing and wants to be an architect.`,
      needs: 'School fees',
      monthly_need: 5400,
      interests: 'Drawing',
      family: 'Lives with her mother.',
      achievements: 'Art prize',
      dream_job: 'Architect',
      status,
      guardian_name: 'Rose Wambui',
      guardian_relation: 'Mother',
      given_on: nairobiDay(),
      covers: ['profile'],
      form_ref: `CF-${slug}`,
    },
  });
  expect(made.status()).toBe(201);
  return { id: String(((await made.json()) as { child: { id: string } }).child.id), headers };
}

/** `name` sponsors the child `id` at `email`, as staff record it. */
async function sponsor(request: APIRequestContext, id: string, name: string, email: string): Promise<void> {
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const sponsored = await request.post(`/api/admin/children/${id}/sponsorship`, {
    headers,
    data: { sponsor_name: name, sponsor_email: email, amount: 5400 },
  });
  expect(sponsored.status()).toBe(201);
}

/** The path of the link in `text` whose choice is `choice` (a child's id, or `~end`). */
function linkFor(text: string, choice: string): string {
  const paths = [...text.matchAll(/(\/sponsorship-choice\/[^\s]+)/g)].map((match) => match[1]!);
  const path = paths.find((candidate) => candidate.split('/').pop()!.split('.')[1] === choice);
  expect(path, `a link for ${choice}`).toBeDefined();
  return path!;
}

test('staff record an exit; the sponsor, with JavaScript off, carries the sponsorship on to a waiting child in one click', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(4 * REBUILD_MS);
  const suffix = randomBytes(3).toString('hex');
  // A slug that the site's order puts first among the waiting children, so the email offers her.
  const waitingSlug = `a-pendo-${suffix}`;
  const leavingSlug = `subira-${suffix}`;
  const sponsorEmail = `subira-sponsor-${suffix}@example.org`;
  await addChild(request, waitingSlug, `Pendo Wambui${suffix}`, 'published');
  const { id } = await addChild(request, leavingSlug, `Subira Langat${suffix}`, 'published');
  await sponsor(request, id, 'Grace Otieno', sponsorEmail);
  // Pendo is offered on /sponsor; Subira, sponsored, is named there for its kind word to a visitor who asks for her.
  await untilBuilt(page, '/sponsor/', `id="child-${waitingSlug}"`, true);
  await untilBuilt(page, '/sponsor/', leavingSlug, true);

  // Staff record the exit on Subira's record.
  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child Subira Langat${suffix}` }).click();
  const record = panel.getByRole('region', { name: 'Consent, sponsorship and history' });
  const form = record.getByRole('form', { name: 'Record that the child left' });
  await form.getByRole('combobox', { name: /^Exit/ }).selectOption('unplanned');
  await form.getByRole('textbox', { name: /^Reason/ }).fill(REASON);
  await form.getByRole('button', { name: 'Record exit' }).click();
  await expect(toast(page)).toHaveText(
    'Exit recorded: the sponsor is told, and the child leaves the site at the next rebuild',
  );
  const exit = record.getByRole('region', { name: 'Exit from the programme' });
  await expect(exit).toContainText(`Unplanned exit on ${nairobiDay()}`);
  await expect(exit).toContainText(`Reason (staff only): ${REASON}`);
  await expect(exit.getByRole('row').filter({ hasText: 'Grace Otieno' })).toContainText('Waiting for an answer');
  await expectNoAxeViolations(page);

  // The sponsor's email: the news, the waiting children by first name, no reason and no surname.
  const [mail] = await mailTo(
    sponsorEmail,
    (candidate) => candidate.subject === 'News about Subira, the child you sponsor',
  );
  expect(mail!.text).toContain('Subira has now left our programme');
  expect(mail!.text).toContain(`Pendo, aged 10: `);
  expect(mail!.text).not.toContain('Eldoret');
  expect(mail!.text).not.toContain('Langat');
  const carryOn = linkFor(mail!.text, waitingSlug);

  // With JavaScript off, the link shows a button; pressing it carries the sponsorship on to Pendo.
  const sponsorContext = await browser.newContext({ javaScriptEnabled: false });
  const sponsorPage = await sponsorContext.newPage();
  await sponsorPage.goto(carryOn);
  await expect(sponsorPage.getByRole('heading', { level: 1 })).toHaveText('Sponsor Pendo');
  await sponsorPage.getByRole('button', { name: 'Sponsor Pendo' }).click();
  await expect(sponsorPage.getByRole('heading', { level: 1 })).toHaveText('Thank you');
  await expect(sponsorPage.getByText('your sponsorship now goes to Pendo')).toBeVisible();
  // The same link again: already answered.
  await sponsorPage.goto(carryOn);
  await expect(sponsorPage.getByText('You have already answered this email')).toBeVisible();
  await sponsorContext.close();

  // After the rebuild Pendo is sponsored (off /sponsor) and Subira is on no page.
  await untilBuilt(page, '/sponsor/', `id="child-${waitingSlug}"`, false);
  await untilBuilt(page, '/sponsor/', leavingSlug, false);
  for (const path of ['/', '/children/']) expect(await html(page, path)).not.toContain(leavingSlug);

  // Staff see what the sponsor chose.
  await page.reload();
  const again = await openTab(page, 'Children');
  await again.getByRole('button', { name: `Edit child Subira Langat${suffix}` }).click();
  await expect(
    again.getByRole('region', { name: 'Exit from the programme' }).getByRole('row').filter({ hasText: 'Grace Otieno' }),
  ).toContainText(`Moved to Pendo Wambui${suffix}`);
});

test('a sponsor who does not answer is asked again at day 30, and the sponsorship ends after', async ({
  page,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const sponsorEmail = `makena-sponsor-${suffix}@example.org`;
  const { id, headers } = await addChild(request, `makena-${suffix}`, `Makena Rotich${suffix}`, 'draft');
  await sponsor(request, id, 'Daniel Kiprop', sponsorEmail);
  const recorded = await request.post(`/api/admin/child-exits/${id}`, {
    headers,
    data: { kind: 'planned', reason: 'Finished primary school', left_on: nairobiDay() },
  });
  expect(recorded.status()).toBe(201);
  await mailTo(sponsorEmail, (mail) => mail.subject === 'News about Makena, the child you sponsor');
  const choiceOf = async () => {
    const res = await request.get(`/api/admin/child-exits/${id}`, { headers });
    return ((await res.json()) as { exit: { offers: { choice: string; reminded_at: string | null }[] } }).exit
      .offers[0]!;
  };

  const runOn = async (days: number) => {
    const now = new Date(Date.now() + days * DAY_MS).toISOString();
    const run = await request.post('/.netlify/functions/commitments-daily', { data: { now } });
    expect(run.status()).toBe(200);
  };
  // Not yet at day 29; asked again once at day 30.
  await runOn(29);
  expect(await choiceOf()).toMatchObject({ choice: 'waiting', reminded_at: null });
  await runOn(30.1);
  const [reminder] = await mailTo(
    sponsorEmail,
    (mail) => mail.subject === 'Your sponsorship after Makena left our programme',
  );
  expect(reminder!.text).toMatch(/end your sponsorship: /i);
  expect(reminder!.text).not.toContain('primary school');
  expect((await choiceOf()).reminded_at).not.toBeNull();
  // Fourteen days after the reminder, still no answer: the sponsorship ends.
  await runOn(43);
  expect((await choiceOf()).choice).toBe('waiting');
  await runOn(44.2);
  expect((await choiceOf()).choice).toBe('unanswered');

  // Staff see it on the child's record, and the sponsor's link now says so.
  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  await panel.getByRole('button', { name: `Edit child Makena Rotich${suffix}` }).click();
  await expect(
    panel
      .getByRole('region', { name: 'Exit from the programme' })
      .getByRole('row')
      .filter({ hasText: 'Daniel Kiprop' }),
  ).toContainText('Ended after no answer');
  await page.goto(linkFor(reminder!.text, '~end'));
  await expect(page.getByText('This sponsorship has ended, as we had not heard from you')).toBeVisible();
});
