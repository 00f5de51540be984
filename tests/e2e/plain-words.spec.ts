/**
 * The /samu dashboard speaks to staff in plain words: with a gift confirmed by Paystack, a sponsorship, a contact
 * message, an application and a person looked up, every tab, the person page and Recent Activity are read as a
 * staff member sees them, and none shows a database table's name, an environment variable's name, a source path, an
 * event or field code, a raw id where a name belongs, a wrongly counted plural, or a word broken across two lines.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { staffToken, trackFromPage } from './support/api.ts';
import { giftOf, paystackConfirms } from './support/checkout.ts';
import { openTab, signIn } from './support/dashboard.ts';
import { SECTIONS } from '../../src/admin/nav.ts';

const tag = randomBytes(4).toString('hex');
const MIGRATIONS = new URL('../../netlify/database/migrations/', import.meta.url);

/** Every table the migrations create. */
async function tableNames(): Promise<string[]> {
  const names = new Set<string>();
  for (const file of (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql'))) {
    const sql = await readFile(new URL(file, MIGRATIONS), 'utf8');
    for (const match of sql.matchAll(
      /create\s+table\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi,
    )) {
      names.add(match[1]!.toLowerCase());
    }
  }
  return [...names];
}

const escape = (word: string) => word.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The developer words a staff screen must not show, each with why. Table names joined by underscores
 * (`newsletter_subscribers`) never occur in prose, so they are matched anywhere. One-word table names (`events`,
 * `gifts`, `children`) are ordinary English, so they count only in the forms a program prints and a person does not
 * write: lowercase at the start of a line or after a comma followed by a bare count (`contacts 1 deleted`,
 * `gifts: 3`), or joined to a column by a dot (`gifts.state`).
 */
async function developerWords(): Promise<{ readonly why: string; readonly pattern: RegExp }[]> {
  const tables = await tableNames();
  const joined = tables.filter((name) => name.includes('_'));
  const single = tables.filter((name) => !name.includes('_'));
  return [
    { why: 'a table name', pattern: new RegExp(`\\b(?:${joined.map(escape).join('|')})\\b`) },
    {
      why: 'a table name as a program prints it',
      pattern: new RegExp(`(?:^|\\n|, )(?:${single.map(escape).join('|')}):? \\d`),
    },
    // Not inside an address or a domain (`akinyi@volunteers.example.org`), which other tests' data may hold.
    {
      why: 'a table and column',
      pattern: new RegExp(`(?<![@.\\w])(?:${single.map(escape).join('|')})\\.[a-z_]+\\b(?!\\.\\w)`),
    },
    // Environment variables and constants: capitals joined by underscores, 6 characters or more (SMTP_URL).
    { why: 'an environment variable name', pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b(?<=\b\w{6,})/ },
    { why: 'a source path', pattern: /\bsrc\/[\w./-]+/ },
    // Event codes: dotted lowercase words, the first naming what happened to (`gift.pending`, `admin.staff.withdraw`).
    {
      why: 'an event code',
      pattern:
        /\b(?:admin|gift|commitment|charge|subscription|invoice|refund|transfer|payment|person)\.[a-z_]+(?:\.[a-z_]+)*\b/,
    },
    // Field names: lowercase words joined by underscores (`amount_subunits`, `dedup_key`, `contact_submit`).
    { why: 'a field name', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/ },
    { why: 'raw JSON', pattern: /\{"[a-zA-Z_]+":/ },
    {
      why: 'a raw id where a name belongs',
      pattern: /\b(?:For|Sponsorship|Child|Cause|Opportunity|School|Hospital): [a-z0-9]+(?:-[a-z0-9]+)*\b/,
    },
    { why: 'a raw id after its noun', pattern: /\b(?:Sponsorship of|Gift to|sponsor) [a-z][a-z0-9]*(?:-[a-z0-9]+)*\b/ },
    { why: 'a frequency where a payment method belongs', pattern: /Payment method: (?:monthly|yearly|once)\b/i },
    { why: 'a wrong plural', pattern: /(?:^|[^\d,.])1 [a-z]+s shown\b|\b1 (?:gifts|events|people|records|rows)\b/ },
    { why: 'a copied-from note', pattern: /copied from/i },
    { why: 'a provider code as a person', pattern: /\bActor\b/ },
  ];
}

/** Each developer word found in `text`, with the line it is on. */
async function findDeveloperWords(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const { why, pattern } of await developerWords()) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const start = text.lastIndexOf('\n', match.index) + 1;
      const end = text.indexOf('\n', match.index + match[0].length);
      const line = text.slice(start, end === -1 ? undefined : end).trim();
      found.push(`${why}: ${match[0].trim()} — in "${line.slice(0, 160)}"`);
    }
  }
  return found;
}

/** Prose words of the table cells on the page that run over two lines (a cell broken inside a word). */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('main td, main th')) {
      if (cell.offsetParent === null) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        // Words as prose writes them (`Confirmed`, `monthly`), standing alone: a random token, an address or a
        // code may wrap where it must.
        for (const word of value.matchAll(/(?<![\w@./-])[A-Z]?[a-z]{2,}(?![\w@./-])/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

/** The dashboard's words on the current screen (or in `within`), and any word broken in a cell. */
async function problemsOnScreen(page: Page, where: string, within: Locator = page.locator('main')): Promise<string[]> {
  const text = await within.innerText();
  const words = (await findDeveloperWords(text)).map((problem) => `${where} — ${problem}`);
  const broken = (await brokenWords(page)).map((word) => `${where} — a word broken in a cell: ${word}`);
  return [...words, ...broken];
}

/** Opens every fold shown in `scope`, those that a fold opened included. */
async function openFolds(scope: Locator): Promise<void> {
  const closed = scope.locator('details:not([open]) > summary:visible');
  for (let opened = 0; opened < 30 && (await closed.count()) > 0; opened++) await closed.first().click();
}

test.use({ viewport: { width: 1366, height: 900 } });

test('every tab, the person page and Recent Activity speak to staff in plain words', async ({ page, request }) => {
  test.slow();
  const email = `plain-${tag}@example.org`;
  const name = `Grace Wanjiru ${tag}`;

  // A $40 gift to Education, confirmed by Paystack.
  const donation = await request.post('/api/payments/checkout', {
    form: {
      form: 'donation_intent',
      type: 'one-time',
      cause: 'education',
      amount: '40',
      customAmount: '',
      paymentMethod: 'card',
      name,
      email,
      website: '',
    },
    maxRedirects: 0,
  });
  expect(donation.status()).toBe(303);
  await paystackConfirms(request, (await giftOf(request, email)).reference);

  // A monthly sponsorship of Wanjiku, still waiting for its payment.
  const sponsorship = await request.post('/api/payments/checkout', {
    form: {
      form: 'sponsorship_application',
      sponsorshipType: 'full',
      paymentMethod: 'monthly',
      payWith: 'card',
      childId: 'wanjiku',
      name,
      email,
      website: '',
    },
    maxRedirects: 0,
  });
  expect(sponsorship.status()).toBe(303);

  // A cheque gift staff record.
  const cheque = await request.post('/api/admin/gifts', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { amount: 25, currency: 'USD', method: 'cheque', cause: 'water', donorName: name, donorEmail: email },
  });
  expect(cheque.status()).toBe(201);

  await page.goto('/');
  await trackFromPage(page, 'contact_submit', { name, email, subject: `Visit ${tag}`, message: 'May we visit?' });
  await trackFromPage(page, 'volunteer_application', {
    name: `Juma ${tag}`,
    email,
    phone: '+254700000000',
    opportunity: 'education-general',
    age: 30,
    nationality: 'Kenyan',
    availability: 'Weekends only',
    motivation: 'To help',
  });

  await signIn(page, request);
  const problems: string[] = [];
  // Every section of every group.
  const tabs = SECTIONS.map((section) => section.label);
  expect(tabs.length).toBeGreaterThan(10);
  for (const label of tabs) {
    const panel = await openTab(page, label);
    // A list is read once it has loaded (its count line, or its empty message, is shown).
    await expect(panel.locator('.table-count, .empty, p, form').first()).toBeVisible();
    await expect(panel.getByText(/^Loading/)).toHaveCount(0);
    // What is folded away is read too (the Gifts tab's totals and commitments, the Notifications settings).
    await openFolds(panel);
    await expect(panel.getByText(/^Loading/)).toHaveCount(0);
    problems.push(...(await problemsOnScreen(page, label)));
  }

  // Recent Activity lists what was just done.
  const activity = await openTab(page, 'Recent Activity');
  await expect(activity.getByText(`${name}'s gift of $40.00 was confirmed by Paystack`)).toBeVisible();
  await expect(activity.getByText(`Juma ${tag} applied to volunteer as Classroom Teaching Assistant`)).toBeVisible();
  problems.push(...(await problemsOnScreen(page, 'Recent Activity')));

  // An application, opened.
  const applications = await openTab(page, 'Applications');
  await applications
    .getByRole('row')
    .filter({ hasText: `Juma ${tag}` })
    .getByRole('button', { name: /^Open/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Volunteer application from Juma ${tag}` });
  await expect(dialog.getByText('Acknowledgement sent')).toBeVisible();
  problems.push(...(await problemsOnScreen(page, 'Application', dialog)));
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The Blog Posts list shows no column of another list.
  const blog = await openTab(page, 'Blog Posts');
  await expect(blog.getByRole('columnheader').first()).toBeVisible();
  const received = await blog.getByRole('columnheader', { name: 'Received (Nairobi)' }).count();
  if (received > 0) problems.push('Blog Posts — a column of another list: Received (Nairobi)');

  // The person page of the donor.
  const privacy = await openTab(page, 'Privacy');
  await privacy.getByLabel('Email address or phone number').fill(email);
  await privacy.getByRole('button', { name: 'Find everything held' }).click();
  await expect(privacy.getByRole('button', { name: 'Erase this person' })).toBeVisible();
  await openFolds(privacy);
  await expect(privacy.getByText(/^Gifts: 3 — .*\$40\.00 on \d+ \w+ \d{4} \(confirmed, R-\d{6}\)/)).toBeVisible();
  problems.push(...(await problemsOnScreen(page, 'Person page')));

  // Someone else, erased: the summary of what was erased.
  const other = `erase-${tag}@example.org`;
  await trackFromPage(page, 'contact_submit', { name: `Amina ${tag}`, email: other, subject: 'Hello', message: 'Hi' });
  await privacy.getByLabel('Email address or phone number').fill(other);
  await privacy.getByRole('button', { name: 'Find everything held' }).click();
  await privacy.getByLabel('Reason (kept in the audit trail)').fill('Her request of today');
  await privacy.getByRole('button', { name: 'Erase this person' }).click();
  await privacy.getByRole('button', { name: 'Confirm erasure' }).click();
  await expect(privacy.getByRole('status')).toContainText('1 deleted');
  problems.push(...(await problemsOnScreen(page, 'Erasure summary')));

  const distinct = [...new Set(problems)];
  expect(distinct, distinct.join('\n')).toEqual([]);
});
