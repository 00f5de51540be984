/**
 * /samu on a phone: at 360×740 the header and the navigation take at most a quarter of the screen,
 * and the first screen of every tab shows at least five rows of its list, with no sideways scroll; a row's actions are
 * on screen and cover none of its name or amount, and long email addresses wrap inside their cell. At 1366 px and at
 * 360 px every group of the navigation is on screen.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staffToken } from './support/api.ts';
import { openTab, signIn } from './support/dashboard.ts';

const PHONE = { width: 360, height: 740 } as const;

/** A quarter of the phone's screen: the most the header and the tab row may take. */
const CHROME_LIMIT = PHONE.height / 4;

/** Rows every tab must show on its first screen. */
const ROWS = 5;

/** Rows seeded into every list that starts empty: more than fit, so the first screen is full. */
const SEEDED = 7;

/**
 * Each tab (its id in the address) and where its list's rows are: most tabs are a table, the staff tab a list of
 * accounts. Privacy opens on the search for a person's data; the list on its first screen is the retention rules.
 */
const TABS: readonly {
  readonly id: string;
  readonly name: string;
  readonly rows: string;
  /** False for a list without row actions. */
  readonly actions?: false;
  /** Text of what loads above the list after it (and pushes it down): the list is measured once that is there. */
  readonly above?: string;
}[] = [
  { id: 'events', name: 'Recent Activity', rows: '.table-scroll tbody tr', actions: false },
  { id: 'contacts', name: 'Contacts', rows: '.table-scroll tbody tr' },
  { id: 'newsletter', name: 'Subscribers', rows: '.table-scroll tbody tr' },
  { id: 'volunteers', name: 'Applications', rows: '.table-scroll tbody tr' },
  { id: 'programs', name: 'Programs', rows: '.table-scroll tbody tr' },
  { id: 'blog', name: 'Blog Posts', rows: '.table-scroll tbody tr' },
  { id: 'donations', name: 'Donations', rows: '.table-scroll tbody tr' },
  { id: 'gifts', name: 'Gifts', rows: '.table-scroll tbody tr', above: 'Totals, monthly gifts and sponsorships' },
  { id: 'media', name: 'Media', rows: '.table-scroll tbody tr' },
  { id: 'children', name: 'Children', rows: '.table-scroll tbody tr', above: 'Consents ending within 30 days' },
  { id: 'calendar', name: 'Events', rows: '.table-scroll tbody tr' },
  { id: 'team', name: 'Team', rows: '.table-scroll tbody tr' },
  { id: 'notifications', name: 'Notifications', rows: '.table-scroll tbody tr' },
  { id: 'privacy', name: 'Privacy', rows: '.retention-rules > li', actions: false },
  { id: 'staff', name: 'Staff', rows: '.staff-list > li' },
];

/**
 * Marks one seeding's rows. Playwright runs `beforeAll` again in a worker that comes back to this file after running
 * another, so each seeding takes a tag of its own (its slugs must not clash with the last one's).
 */
let tag = '';

/** An address of everyday length. */
const email = (i: number) => `amina.wanjiru.${tag}${i}@gmail.com`;

/** An address as long as real ones get, which must wrap at its @ and dots rather than widen the page. */
const longEmail = () => `wanjiku.achieng-mwangi.${tag}@kenya-childrens-volunteers.example.org`;

/** A message as long as a real one gets: more than two lines in its column on a phone. */
const longMessage =
  'Good morning. Our church youth group would like to visit the school on a Saturday next month, about twelve of ' +
  'us, to read with the children and help repaint the classroom. Please tell us which Saturdays suit you and ' +
  'whether we should bring anything. Asante sana.';

/** Fills every list that starts empty with {@link SEEDED} rows, through the public forms' endpoint and the admin API. */
async function seed(request: APIRequestContext): Promise<void> {
  tag = randomBytes(3).toString('hex');
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const track = async (type: string, payload: Record<string, unknown>) => {
    const res = await request.post('/api/admin/track', { data: { type, payload } });
    expect(res.status(), `track ${type}`).toBe(202);
  };
  const create = async (resource: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/admin/${resource}`, { headers, data });
    expect(res.status(), `POST /api/admin/${resource}: ${await res.text()}`).toBe(201);
  };
  const one = (i: number) => {
    const name = `Amina Wanjiru ${i}`;
    const slug = `phone-${tag}-${i}`;
    return [
      track('contact_submit', {
        name,
        email: email(i),
        subject: 'Visiting the school',
        message: 'Could we visit on a Saturday?',
      }),
      track('newsletter_subscribe', { email: email(i) }),
      track('volunteer_application', {
        name,
        email: email(i),
        phone: '+254700000000',
        age: 30,
        nationality: 'Kenyan',
        availability: 'Weekends only',
        motivation: 'To help',
      }),
      track('donation_intent', {
        amount: 50,
        type: 'monthly',
        cause: 'education',
        paymentMethod: 'card',
        name,
        email: email(i),
        timestamp: new Date().toISOString(),
      }),
      create('gifts', { amount: 2500, currency: 'KES', method: 'cash', donorName: name }),
      create('programs', { title: name, slug, summary: 's', content: 'c', image: '' }),
      create('blog', { title: name, slug, excerpt: 'e', content: 'c', cover: '' }),
      create('media', { name, url: '/favicon.svg', meta: { alt: name } }),
      create('team', { slug, name, role: 'Volunteer' }),
      // Drafts: staff see them, the public calendar does not.
      create('calendar', { slug, title: name, date: '2030-01-15', status: 'draft' }),
    ];
  };
  await Promise.all([
    ...Array.from({ length: SEEDED }, (_, i) => one(i)).flat(),
    track('contact_submit', {
      name: 'Wanjiku Achieng',
      email: longEmail(),
      subject: 'Visiting the school',
      message: longMessage,
    }),
  ]);
}

/** The page's width: more than the phone's means it scrolls sideways. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/**
 * The rows matching `selector` in the shown panel that are wholly on the first screen: inside the viewport and inside
 * every box that clips them (a table's own scrolling frame).
 */
async function rowsOnFirstScreen(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    ([rows, height]) => {
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
      const inside = (element: Element): boolean => {
        const box = element.getBoundingClientRect();
        if (box.height === 0 || box.top < 0 || box.bottom > height) return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false;
        }
        return true;
      };
      return [...panel.querySelectorAll(rows)].filter((row) => !row.querySelector('.empty')).filter(inside).length;
    },
    [selector, PHONE.height] as const,
  );
}

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

for (const { id, name, rows, actions = true, above } of TABS) {
  test(`at 360×740 the ${name} tab shows five rows under a header of a quarter of the screen, without sideways scroll`, async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // Opened by its address: the tab row must bring the selected tab into sight by itself (no click scrolls it).
    await page.goto(`/samu#${id}`);
    await page.reload();
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    // The list has come from the server (a table says how many rows it shows) before it is measured.
    await expect(panel.locator('.table-count').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(panel.locator(rows).nth(ROWS - 1)).toBeAttached();
    if (above) await expect(panel.getByText(above, { exact: true })).toBeVisible();

    const bar = (await page.getByRole('tablist', { name: 'Dashboard sections' }).boundingBox())!;
    expect(bar.y + bar.height, 'header and tabs').toBeLessThanOrEqual(CHROME_LIMIT);
    expect(await rowsOnFirstScreen(page, rows), 'rows wholly on the first screen').toBeGreaterThanOrEqual(ROWS);
    expect(await pageWidth(page), 'page width').toBeLessThanOrEqual(PHONE.width);

    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.x, 'the selected tab inside the left edge').toBeGreaterThanOrEqual(0);
    expect(tabBox.x + tabBox.width, 'the selected tab inside the right edge').toBeLessThanOrEqual(PHONE.width);
    // A row's actions are on screen without scrolling sideways.
    const action = panel
      .locator(rows)
      .first()
      .locator('td.col-actions, .row-actions')
      .first()
      .getByRole('button')
      .first();
    // Recent Activity and the retention rules have no row actions; every other list has.
    await expect(action).toHaveCount(actions ? 1 : 0);
    if (actions) {
      const box = (await action.boundingBox())!;
      expect(box.x, 'a row action inside the left edge').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'a row action inside the right edge').toBeLessThanOrEqual(PHONE.width);
    }
  });
}

test('at 360×740 a long email address wraps at its @ and dots inside its cell', async ({ page, request }) => {
  await signIn(page, request);
  const contacts = await openTab(page, 'Contacts');
  const address = contacts.getByText(longEmail(), { exact: true });
  const wrapped = await address.evaluate((element) => {
    const cell = element.closest('td')!.getBoundingClientRect();
    // One box per piece between break points: the lines are their distinct tops.
    const pieces = [...element.getClientRects()];
    return {
      lines: new Set(pieces.map((piece) => Math.round(piece.top))).size,
      inside: pieces.every((piece) => piece.right <= cell.right + 0.5),
    };
  });
  expect(wrapped.inside, 'the long address stays inside its cell').toBe(true);
  expect(wrapped.lines, 'the long address wraps').toBeGreaterThan(1);
  expect(wrapped.lines, 'the long address wraps at its @ and dots, not at every letter').toBeLessThanOrEqual(4);
  expect(await pageWidth(page), 'page width').toBeLessThanOrEqual(PHONE.width);
});

test('at 360×740 a long message is two lines with "Show all", which opens it whole; a wide screen shows it whole', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const contacts = await openTab(page, 'Contacts');
  const row = contacts.getByRole('row').filter({ hasText: longEmail() });
  const message = row.getByText(longMessage, { exact: true });
  // How many lines of the message are on screen.
  const lines = () =>
    message.evaluate((element) =>
      Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
    );
  await expect.poll(lines).toBe(2);

  await row.getByRole('button', { name: 'Show all' }).click();
  await expect(row.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect(await lines(), 'the whole message').toBeGreaterThan(2);
  await row.getByRole('button', { name: 'Show less' }).click();
  await expect.poll(lines).toBe(2);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row.getByRole('button', { name: /^Show (all|less)$/ })).toHaveCount(0);
  expect(await lines(), 'the whole message on a wide screen').toBeGreaterThan(2);
});

test('at 360×740 the counts row and a table scroll and take keyboard focus; what fits (the counts on a wide screen, a table searched down to nothing) is no tab stop', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  // The counts are in the inbox, the first screen.
  const counts = page.getByRole('region', { name: 'Counts' });
  await expect(counts).toHaveAttribute('tabindex', '0');
  // Reached with the keyboard, the counts row scrolls with the arrow keys.
  await counts.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counts.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(counts).not.toHaveAttribute('tabindex');

  await page.setViewportSize(PHONE);
  const contacts = await openTab(page, 'Contacts');
  const table = contacts.getByRole('region', { name: 'Contacts', exact: true });
  await expect(contacts.locator('.table-scroll tbody tr').first()).toBeAttached();
  await expect(table).toHaveAttribute('tabindex', '0');

  await page.setViewportSize({ width: 1280, height: 800 });
  // A table frame scrolls while its rows overflow it either way (it is 520 px high); searched down to none it fits.
  await contacts.getByRole('searchbox').fill('no contact is called this');
  await expect(table.getByText('No contacts match “no contact is called this”.')).toBeVisible();
  await expect(table).not.toHaveAttribute('tabindex');
});

/**
 * Per tab with a table, the headers of the columns that say which row it is: whose it is or what it is called, and
 * how much. A row's action controls must not cover any of them.
 */
const IDENTITY: readonly { readonly id: string; readonly name: string; readonly headers: readonly string[] }[] = [
  { id: 'contacts', name: 'Contacts', headers: ['Name'] },
  { id: 'newsletter', name: 'Subscribers', headers: ['Email'] },
  { id: 'volunteers', name: 'Applications', headers: ['Name'] },
  { id: 'programs', name: 'Programs', headers: ['Title'] },
  { id: 'blog', name: 'Blog Posts', headers: ['Title'] },
  { id: 'donations', name: 'Donations', headers: ['Donor', 'Amount'] },
  { id: 'gifts', name: 'Gifts', headers: ['Donor', 'Amount'] },
  { id: 'media', name: 'Media', headers: ['Name'] },
  { id: 'children', name: 'Children', headers: ['Name'] },
  { id: 'calendar', name: 'Events', headers: ['Title'] },
  { id: 'team', name: 'Team', headers: ['Name'] },
  { id: 'notifications', name: 'Notifications', headers: ['Email'] },
];

for (const { id, name, headers } of IDENTITY) {
  test(`at 360×740 no action in the ${name} table covers a row's name or amount, and both are on screen`, async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto(`/samu#${id}`);
    await page.reload();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(panel.locator('.table-count').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(panel.locator('.table-scroll tbody tr td.col-actions').first()).toBeAttached();

    // Measured where the rows are laid out: every identity cell against every action control of the same row, as
    // the table stands and at every step of scrolling it sideways (a pinned column covers what scrolls under it).
    const measured = await panel.locator('.table-scroll table').evaluate((table: HTMLTableElement, wanted) => {
      const frame = table.closest('.table-scroll')!;
      const names = [...table.tHead!.rows[0]!.cells].map((cell) => cell.textContent.trim());
      const columns = wanted.map((header) => names.indexOf(header));
      const rows = [...table.tBodies[0]!.rows].slice(0, 5);
      const overlaps = new Set<string>();
      const offScreen: string[] = [];
      let controls = 0;
      const measure = (scrolled: number): void => {
        for (const row of rows) {
          const actions = [...row.querySelectorAll('td.col-actions button, td.col-actions a')];
          if (scrolled === 0) controls += actions.length;
          for (const column of columns) {
            const cell = row.cells[column]!.getBoundingClientRect();
            if (scrolled === 0 && cell.left >= innerWidth) offScreen.push(`${names[column]} of row ${row.rowIndex}`);
            for (const action of actions) {
              const box = action.getBoundingClientRect();
              const across = Math.min(box.right, cell.right) - Math.max(box.left, cell.left);
              const down = Math.min(box.bottom, cell.bottom) - Math.max(box.top, cell.top);
              if (across > 0.5 && down > 0.5) {
                overlaps.add(`"${action.textContent.trim()}" over ${names[column]} of row ${row.rowIndex}`);
              }
            }
          }
          const first = actions[0]?.getBoundingClientRect();
          if (scrolled === 0 && first && (first.left < 0 || first.right > innerWidth)) {
            offScreen.push(`the actions of row ${row.rowIndex}`);
          }
        }
      };
      const widest = frame.scrollWidth - frame.clientWidth;
      for (let scrolled = 0; scrolled <= widest; scrolled += 40) {
        frame.scrollLeft = scrolled;
        measure(scrolled);
      }
      frame.scrollLeft = 0;
      return { columns, controls, overlaps: [...overlaps], offScreen };
    }, headers);
    expect(measured.columns, `the columns ${headers.join(', ')}`).not.toContain(-1);
    expect(measured.controls, 'action controls measured').toBeGreaterThan(0);
    expect(measured.overlaps, 'actions over a name or amount').toEqual([]);
    expect(measured.offScreen, 'names, amounts and actions beyond the screen').toEqual([]);
  });
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test(`at ${size.width} px every group of the dashboard is on screen, none behind another or a scroll`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, request);
    const groups = page.getByRole('tablist', { name: 'Dashboard groups' });
    await expect(groups.getByRole('tab')).toHaveCount(6);
    expect(await groups.evaluate((row) => row.scrollWidth <= row.clientWidth), 'the groups row does not scroll').toBe(
      true,
    );
    for (const tab of await groups.getByRole('tab').all()) {
      const label = await tab.innerText();
      const box = (await tab.boundingBox())!;
      expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height, `${label}: bottom edge`).toBeLessThanOrEqual(size.height);
      // Nothing lies over it: the point at its middle is the tab.
      const onTop = await tab.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(onTop, `${label}: not covered`).toBe(true);
    }
    // On a wide screen each group's sections are on screen too.
    if (size.width >= 1024) {
      for (const tab of await groups.getByRole('tab').all()) {
        await tab.click();
        for (const section of await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab').all()) {
          const box = (await section.boundingBox())!;
          expect(box.x + box.width, `${await section.innerText()}: right edge`).toBeLessThanOrEqual(size.width);
        }
      }
    }
  });
}
