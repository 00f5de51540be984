/**
 * The contact page: hero, contact methods, the message form reaching the database, the office-hours clock
 * on a mocked clock at several Nairobi times, quick actions, the brochure, share buttons and the map.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const CONTACT_TYPES = ['general', 'volunteer', 'donation', 'sponsorship', 'partnership', 'media'];

/** Waits until the island holding `selector` has hydrated. */
async function hydrated(page: Page, selector: string): Promise<void> {
  const inner = page.locator(selector).first();
  await inner.scrollIntoViewIfNeeded();
  await touchIsland(page, inner);
}

/** Waits until the office clock (a plain script) shows the time in place of its placeholder. */
async function clockShown(page: Page): Promise<void> {
  await expect(page.locator('[data-office-clock="ready"]')).toBeVisible();
}

function params(href: string | null): URLSearchParams {
  return new URL(href ?? '').searchParams;
}

/** Contact records staff see, through the admin API. */
async function staffContacts(request: APIRequestContext): Promise<Record<string, unknown>[]> {
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get('/api/admin/contacts', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { contacts: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(body) ? body : body.contacts;
}

async function fillForm(page: Page, email: string, type = 'partnership'): Promise<void> {
  await page.locator('.contact-form').getByLabel('Your Name *').fill('Achieng Odhiambo');
  await page.locator('.contact-form').getByLabel('Email Address *').fill(email);
  await page.locator('.contact-form').getByLabel('What is it about?').selectOption(type);
  await page.locator('.contact-form').getByLabel('Subject *').fill('Partnering on a reading club');
  await page
    .locator('.contact-form')
    .getByLabel('Your Message *')
    .fill('Our library would like to run a Saturday reading club with you.');
}

async function expectEmptyForm(page: Page): Promise<void> {
  for (const label of ['Your Name *', 'Email Address *', 'Subject *', 'Your Message *']) {
    await expect(page.locator('.contact-form').getByLabel(label)).toHaveValue('');
  }
  await expect(page.locator('.contact-form').getByLabel('What is it about?')).toHaveValue('general');
}

test('hero, contact methods, quick actions, share buttons, final call to action and map are all there', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's Connect");
  await expect(page.locator('main')).toContainText('within 24 hours');
  await expect(page.locator('main')).toContainText('24/7');

  const quickDonate = page.getByRole('link', { name: /Quick Donate/ });
  expect(params(await quickDonate.getAttribute('href')).get('campaign')).toBe('hero-cta');
  expect(params(await quickDonate.getAttribute('href')).get('source')).toBe('contact-page');
  await expect(quickDonate).toHaveAttribute('target', '_blank');
  await expect(quickDonate).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('link', { name: 'Start Conversation' }).click();
  await expect(page).toHaveURL(/#contact-methods$/);
  await expect(page.getByRole('heading', { name: 'Email Us' })).toBeInViewport();

  const methods = page.locator('#contact-methods');
  await expect(methods.getByRole('heading', { level: 3 })).toHaveText(['Email Us', 'Call Us', 'Visit Us']);
  await expect(methods.getByRole('link', { name: 'hello@tumainichildren.org' })).toHaveAttribute(
    'href',
    'mailto:hello@tumainichildren.org',
  );
  await expect(methods.getByRole('link', { name: /Chat on WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/254712345678',
  );
  await expect(methods).toContainText('Westlands, Nairobi');
  const directions = new URL((await methods.getByRole('link', { name: /Get Directions/ }).getAttribute('href'))!);
  expect(directions.hostname).toBe('www.google.com');
  expect(directions.searchParams.get('query')).toBe('Westlands, Nairobi, Kenya');

  const actions = page.getByRole('region', { name: 'Quick Actions' });
  const call = actions.getByRole('link', { name: /Book a Call/ });
  await expect(call).toHaveAttribute('href', 'https://calendly.com/tumainichildren/15min');
  await expect(call).toHaveAttribute('target', '_blank');
  expect(params(await actions.getByRole('link', { name: /Quick Donation/ }).getAttribute('href')).get('campaign')).toBe(
    'quick-action',
  );
  const brochure = actions.getByRole('link', { name: /Download Brochure/ });
  await expect(brochure).toHaveAttribute('download', '');
  const pdf = await page.request.get((await brochure.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await brochure.getAttribute('href'))!.startsWith('/assets/')).toBe(true);

  const follow = page.getByRole('region', { name: 'Follow Our Journey' });
  await expect(follow.getByRole('button')).toHaveText([
    'Share on Facebook',
    'Share on X (Twitter)',
    'Share on LinkedIn',
    'Share on Instagram',
  ]);

  const final = page.locator('.contact-final').getByRole('link', { name: /Donate Now/ });
  expect(params(await final.getAttribute('href')).get('campaign')).toBe('final-cta');
  expect(params(await final.getAttribute('href')).get('source')).toBe('contact-page');

  const map = page.locator('.contact-map');
  await map.scrollIntoViewIfNeeded();
  // The map's island wakes when the visitor reaches into it.
  await page.locator('.nairobi-map--placeholder').dispatchEvent('pointerdown');
  await expect(map.getByRole('region', { name: /Westlands, Nairobi office/ })).toBeVisible();
});

test('the contact page has no axe violations', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page, '.contact-form');
  await clockShown(page);
  await expect(page.locator('[data-office-status]')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the form has the spec labels, six types defaulting to general, and a honeypot; the browser checks it', async ({
  page,
}) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/track')) posted.push(request.url());
  });
  await page.goto('/contact');
  await hydrated(page, '.contact-form');
  for (const label of ['Your Name *', 'Email Address *', 'Subject *', 'Your Message *']) {
    await expect(page.locator('.contact-form').getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(page.locator('.contact-form').getByLabel('Email Address *')).toHaveAttribute('type', 'email');
  const type = page.locator('.contact-form').getByLabel('What is it about?');
  await expect(type).toHaveValue('general');
  expect(
    await type.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(CONTACT_TYPES);
  const honeypot = page.locator('.contact-form input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).not.toBeInViewport();
  await expect(page.locator('.contact-form .honeypot')).toHaveAttribute('aria-hidden', 'true');

  // The error summary takes focus and names each field to fix; each field is marked and described.
  const summary = page.locator('.contact-form').getByRole('alert');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    /^Your Name: /,
    /^Email Address: /,
    /^Subject: /,
    /^Your Message: /,
  ]);
  await expect(page.locator('.contact-form').getByLabel('Your Name *')).toHaveAttribute('aria-invalid', 'true');
  await fillForm(page, 'not-an-email');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(summary.getByRole('link')).toHaveText([/^Email Address: /]);
  await expect(page.locator('.contact-form').getByLabel('Email Address *')).toHaveAccessibleDescription(/.+/);
  await expect(page.locator('.contact-form__success')).toHaveCount(0);
  expect(posted).toEqual([]);
});

test('a message reaches the database, the success shows for 5 s, then the form is empty with type general', async ({
  page,
}) => {
  const email = `contact-${randomBytes(4).toString('hex')}@example.org`;
  await page.clock.install({ time: new Date('2025-10-15T10:00:00+03:00') });
  await page.goto('/contact');
  await hydrated(page, '.contact-form');
  await fillForm(page, email);
  const tracked = page.waitForResponse((response) => response.url().endsWith('/api/admin/track'));
  await page.clock.pauseAt(new Date('2025-10-15T10:01:00+03:00'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await tracked).status()).toBe(202);
  const request = (await tracked).request();
  expect(request.postDataJSON()).toMatchObject({
    type: 'contact_submit',
    payload: { name: 'Achieng Odhiambo', email, subject: 'Partnering on a reading club', type: 'partnership' },
  });

  const status = page.getByRole('status').filter({ hasText: 'Your message has been sent' });
  await expect(status).toContainText('Thank you, Achieng Odhiambo! Your message has been sent.');
  await page.clock.runFor(4500);
  await expect(status).toBeVisible();
  await page.clock.runFor(600);
  await expect(page.locator('.contact-form__success')).toHaveCount(0);
  await expect(page.locator('.contact-form').getByLabel('Your Name *')).toBeVisible();
  await expectEmptyForm(page);

  const contacts = await staffContacts(page.request);
  const mine = contacts.find((contact) => contact['email'] === email);
  expect(mine).toMatchObject({
    name: 'Achieng Odhiambo',
    email,
    subject: 'Partnering on a reading club',
    type: 'partnership',
    message: 'Our library would like to run a Saturday reading club with you.',
  });
});

test('a failed call says the message was not sent yet and keeps it', async ({ page }) => {
  await page.route('**/api/admin/track', (route) => route.abort('failed'));
  await page.goto('/contact');
  await hydrated(page, '.contact-form');
  await fillForm(page, 'offline@example.org', 'media');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('.contact-form').getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
  await expect(page.locator('.contact-form__success')).toHaveCount(0);
  await expect(page.locator('.contact-form').getByLabel('Email Address *')).toHaveValue('offline@example.org');
  await expect(page.locator('.contact-form').getByLabel('What is it about?')).toHaveValue('media');
});

test('the pre-rendered page shows a neutral placeholder, not a time', async ({ request }) => {
  const html = await (await request.get('/contact/')).text();
  expect(html).toContain('Checking the time in Nairobi');
  expect(html).not.toMatch(/Open now|Closed now/);
  expect(html).not.toMatch(/\d{1,2}:\d{2}:\d{2}\s?[AP]M/);
});

const officeTimes = [
  {
    when: 'a Sunday morning',
    at: '2025-10-19T10:15:00+03:00',
    time: '10:15:00',
    day: 'Sunday, 19 October 2025',
    open: true,
  },
  {
    when: 'a Sunday afternoon',
    at: '2025-10-19T14:30:00+03:00',
    time: '2:30:00',
    day: 'Sunday, 19 October 2025',
    open: false,
  },
  {
    when: 'a Saturday',
    at: '2025-10-18T11:00:00+03:00',
    time: '11:00:00',
    day: 'Saturday, 18 October 2025',
    open: false,
  },
  {
    when: 'a weekday',
    at: '2025-10-15T09:45:00+03:00',
    time: '9:45:00',
    day: 'Wednesday, 15 October 2025',
    open: true,
  },
  {
    when: 'a weekday evening',
    at: '2025-10-16T18:05:00+03:00',
    time: '6:05:00',
    day: 'Thursday, 16 October 2025',
    open: false,
  },
];

for (const moment of officeTimes) {
  test(`office hours on ${moment.when} read ${moment.open ? 'open' : 'closed'}, and the clock ticks`, async ({
    page,
  }) => {
    const at = new Date(moment.at);
    await page.clock.install({ time: new Date(at.getTime() - 60_000) });
    await page.goto('/contact');
    await page.clock.pauseAt(at);
    await clockShown(page);
    const time = page.locator('[data-nairobi-time]');
    await expect(time).toHaveText(new RegExp(`^${moment.time}\\s?[AP]M$`));
    await expect(page.locator('.office-clock')).toContainText(moment.day);
    await expect(page.locator('[data-office-status]')).toHaveText(moment.open ? 'Open now' : 'Closed now');
    await page.clock.runFor(3000);
    await expect(time).toHaveText(new RegExp(`^${moment.time.replace(/00$/, '03')}\\s?[AP]M$`));
  });
}

test.describe('in a browser set to another time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  test('the clock still shows Nairobi time', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-19T09:59:00+03:00') });
    await page.goto('/contact');
    await page.clock.pauseAt(new Date('2025-10-19T10:00:00+03:00'));
    await clockShown(page);
    await expect(page.locator('[data-nairobi-time]')).toHaveText(/^10:00:00\s?AM$/);
    await expect(page.locator('[data-office-status]')).toHaveText('Open now');
  });
});

test('Follow Our Journey: share popups, a blocked popup navigates, Instagram copies the link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    const calls: string[][] = [];
    (window as unknown as { openCalls: string[][] }).openCalls = calls;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push([String(url), target ?? '', features ?? '']);
      // The third popup (LinkedIn) is blocked.
      return calls.length === 3 ? null : ({ opener: window } as unknown as Window);
    };
  });
  await page.route('https://www.linkedin.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn share</title>' }),
  );
  await page.goto('/contact');
  const follow = page.getByRole('region', { name: 'Follow Our Journey' });
  await follow.scrollIntoViewIfNeeded();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');

  await follow.getByRole('button', { name: 'Share on Instagram' }).click();
  await expect(page.locator('#toast')).toHaveText('Link copied! You can now paste it in your Instagram bio or story.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);

  await follow.getByRole('button', { name: 'Share on Facebook' }).click();
  await follow.getByRole('button', { name: 'Share on X (Twitter)' }).click();
  const calls = await page.evaluate(() => (window as unknown as { openCalls: string[][] }).openCalls);
  expect(params(calls[0]![0]!).get('u')).toBe(canonical);
  expect(calls[0]![2]).toContain('width=626,height=436');
  expect(params(calls[1]![0]!).get('url')).toBe(canonical);
  expect(calls[1]![2]).toContain('width=550,height=420');

  await follow.getByRole('button', { name: 'Share on LinkedIn' }).click();
  await expect(page).toHaveURL(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/);
  await expect(page).toHaveTitle('LinkedIn share');
});

test("without JavaScript each network's share page is a link, and no button that could not work is shown", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  const follow = page.getByRole('region', { name: 'Follow Our Journey' });
  await expect(follow.getByRole('button')).toHaveCount(0);
  await expect(follow.getByRole('link')).toHaveText(['Share on Facebook', 'Share on X (Twitter)', 'Share on LinkedIn']);
  const facebook = await follow.getByRole('link', { name: 'Share on Facebook' }).getAttribute('href');
  expect(params(facebook).get('u')).toBe(canonical);
  await context.close();
});

test('the Instagram button still copies when the Clipboard API is missing', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { value: undefined, configurable: true });
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Share on Instagram' }).click();
  await expect(page.locator('#toast')).toHaveText('Link copied! You can now paste it in your Instagram bio or story.');
});
