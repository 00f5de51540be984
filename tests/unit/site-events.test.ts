import { describe, expect, test } from 'vitest';
import calendar from '../../netlify/functions/admin-calendar.ts';
import { buildDay, classifyEvents } from '../../src/lib/events.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import EventDetails, { type EventDetailsData } from '../../src/islands/programs/EventDetails.tsx';
import { scheduleOf, SiteEventSchema } from '../../src/schemas/site-events.ts';
import { call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

describe('event dates', () => {
  const events = [
    { id: 'gala', date: '2026-11-26' },
    { id: 'walk', date: '2026-11-28', cancelled: true },
    { id: 'camp', date: '2026-12-10' },
    { id: 'fair', date: '2026-11-20', cancelled: true },
    { id: 'run', date: '2026-11-01' },
  ];

  test('an event dated tomorrow is featured, and past once the build date is two days on', () => {
    expect(classifyEvents(events, '2026-11-25').featured?.id).toBe('gala');
    const later = classifyEvents(events, '2026-11-28');
    expect(later.past.map((e) => e.id)).toEqual(['gala', 'run']);
    expect(later.featured?.id).toBe('camp');
  });

  test('a cancelled event is never featured, shows among the upcoming until its date, then leaves the site', () => {
    const now = classifyEvents(events, '2026-11-27');
    expect(now.featured?.id).toBe('camp');
    expect(now.upcoming.map((e) => e.id)).toEqual(['walk']);
    expect(classifyEvents(events, '2026-11-29').upcoming).toEqual([]);
    expect(classifyEvents(events, '2026-11-29').past.map((e) => e.id)).toEqual(['gala', 'run']);
  });

  test('the build date is SITE_DATE when set, else today in Nairobi', () => {
    expect(buildDay({ SITE_DATE: '2026-12-01' })).toBe('2026-12-01');
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    expect(buildDay({}, new Date('2026-11-25T22:30:00Z'))).toBe('2026-11-26');
    expect(() => buildDay({ SITE_DATE: 'tomorrow' })).toThrow(/YYYY-MM-DD/);
  });

  test('a schedule is typed one "time | activity" per line', () => {
    expect(scheduleOf('9:00 AM | Registration\n\n1:00 PM | Lunch')).toEqual([
      { time: '9:00 AM', activity: 'Registration' },
      { time: '1:00 PM', activity: 'Lunch' },
    ]);
  });
});

/** An upcoming event with everything known before the day: no impact headline, long-term impact or closing message. */
const upcoming = {
  title: 'Reading Marathon',
  slug: 'reading-marathon',
  date: '2026-12-12',
  status: 'published',
  subtitle: 'A day of reading aloud',
  venue: 'Kibera Primary School, Nairobi',
  image: '/media/1/marathon.jpg',
  alt: 'Children reading',
  theme: 'Reading for all',
  description: 'Children read aloud all day to raise funds for the school library.',
  full_description: 'Pupils and volunteers take turns reading from morning to evening.',
  contact_name: 'Grace',
  contact_email: 'grace@example.org',
  contact_phone: '+254 700 000 000',
  schedule: '9:00 AM | Start',
  expected_impact: 'Books for 300 pupils',
  items_needed: 'Books',
};

describe('what an event needs before it happens', () => {
  test('an upcoming event publishes without the after-the-event fields', () => {
    const parsed = SiteEventSchema.safeParse(upcoming);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ impact: '', long_term_impact: '', message: '' });
  });

  test('publishing still needs what is known before the day', () => {
    const parsed = SiteEventSchema.safeParse({ ...upcoming, venue: '', expected_impact: '' });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['venue', 'expected_impact']);
  });

  test('the details of an event without them leave those parts out', () => {
    const event: EventDetailsData = {
      id: 'reading-marathon',
      title: upcoming.title,
      subtitle: upcoming.subtitle,
      date: upcoming.date,
      dateLabel: '12 December 2026',
      venue: upcoming.venue,
      theme: upcoming.theme,
      description: upcoming.description,
      fullDescription: upcoming.full_description,
      schedule: scheduleOf(upcoming.schedule),
      impactHeading: 'Expected impact',
      impact: [upcoming.expected_impact],
      itemsNeeded: [upcoming.items_needed],
      gallery: [],
      testimonials: [],
      contact: { name: 'Grace', email: 'grace@example.org', phone: '+254 700 000 000' },
    };
    const html = renderToStaticMarkup(createElement(EventDetails, { events: [event] }));
    expect(html).toContain('Books for 300 pupils');
    expect(html).not.toContain('Long-term impact');
    expect(html).not.toContain('event-details__message');
    const full = renderToStaticMarkup(
      createElement(EventDetails, {
        events: [{ ...event, longTermImpact: 'A library that lasts', message: 'Thank you, readers' }],
      }),
    );
    expect(full).toContain('Long-term impact');
    expect(full).toContain('Thank you, readers');
  });
});

describe.each(databases)('/api/admin/calendar on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, [
    'site_events',
    'event_seed_copies',
    'events',
    'site_builds',
    'uploads',
    'admin_users',
    'admin_sessions',
  ]);
  const draft = { title: 'Reading Marathon', slug: 'reading-marathon', date: '2026-11-26' };
  const create = (body: Record<string, unknown>) =>
    call(calendar, 'POST', '/api/admin/calendar', { token: desk.token, json: body });

  test('saves a draft event and refuses one without a date, saving nothing', async () => {
    const missing = await create({ ...draft, date: '' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { issues: unknown[] }).issues).toContainEqual({
      path: 'date',
      message: 'Date is required',
    });
    expect(await rows(database, 'select count(*)::int as n from site_events')).toEqual([{ n: 0 }]);
    expect((await create(draft)).status).toBe(201);
    expect(await rows(database, `select type from events`)).toEqual([{ type: 'admin.calendar.create' }]);
  });

  test('refuses an id an event of the file has, and a published picture not in Media', async () => {
    const clash = await create({ ...draft, slug: 'nairobi-back-to-school-day' });
    expect(clash.status).toBe(409);
    const published = await create({
      ...draft,
      status: 'published',
      subtitle: 's',
      venue: 'v',
      image: '/media/9/ghost.jpg',
      alt: 'a',
      theme: 't',
      description: 'd',
      full_description: 'f',
      contact_name: 'Grace',
      contact_email: 'grace@example.org',
      contact_phone: '+254 700 000 000',
      schedule: '9:00 AM | Start',
      expected_impact: 'Books',
      items_needed: 'Pens',
      impact: 'i',
      long_term_impact: 'l',
      message: 'm',
    });
    expect(published.status).toBe(400);
    expect(((await published.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('image');
    expect(await rows(database, 'select count(*)::int as n from site_events')).toEqual([{ n: 0 }]);
  });

  test('publishes an upcoming event without impact headline, long-term impact or closing message', async () => {
    await rows(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('marathon.jpg', 'image/jpeg', 1, '\\x00', 'officer')`,
    );
    const published = await create(upcoming);
    expect(published.status, await published.clone().text()).toBe(201);
    expect(
      await rows(database, 'select status, impact, long_term_impact, message from site_events where slug = $1', [
        upcoming.slug,
      ]),
    ).toEqual([{ status: 'published', impact: '', long_term_impact: '', message: '' }]);
  });
});
