/**
 * The people who wrote in: newsletter subscribers (some of them donors), applications with their trail of
 * acknowledgements, notes and replies, and contact messages handled as cases. Old ones are decided or answered; the
 * newest wait, a few of them past the answer the page promised.
 */
import type { Queryable } from '../../../netlify/functions/_shared/platform/db.ts';
import type { Donor } from './giving.ts';
import { STAFF_USERNAMES } from './giving.ts';
import { addDays, kenyanPhone, personEmail, personName, words, type Random, type Timeline } from './random.ts';
import { TableWriter } from './writer.ts';

/** Sizes of this part. */
export interface PeopleSizes {
  subscribers: number;
  applications: number;
  contacts: number;
}

const FORMS = { volunteer: 45, 'school-volunteer': 20, internship: 20, sponsorship: 15 };
const CONTACT_TYPES = ['general', 'volunteer', 'donation', 'sponsorship', 'partnership', 'media'];

/** Ascending moments, one per row, so ids follow time as they do when rows arrive one by one. */
function moments(random: Random, timeline: Timeline, count: number): Date[] {
  return Array.from({ length: count }, () => timeline.moment(random)).sort((a, b) => a.getTime() - b.getTime());
}

const age = (timeline: Timeline, at: Date) => (timeline.until.getTime() - at.getTime()) / 86_400_000;

export async function writeSubscribers(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  count: number,
  donors: readonly Donor[],
): Promise<void> {
  const writer = new TableWriter(db, 'newsletter_subscribers', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['email', 'text'],
    ['name', 'text'],
    ['status', 'text'],
    ['source', 'text'],
    ['confirm_sent_at', 'timestamptz'],
    ['confirmed_at', 'timestamptz'],
    ['unsubscribed_at', 'timestamptz'],
    ['notice_version', 'text'],
    ['consent_wording', 'text'],
    ['updated_at', 'timestamptz'],
  ]);
  const withEmail = donors.filter((donor) => donor.email);
  let fromDonors = 0;
  const times = moments(random, timeline, count);
  for (let n = 0; n < count; n += 1) {
    const ts = times[n]!;
    // About three in ten subscribers also gave.
    const donor = random.chance(0.3) && fromDonors < withEmail.length ? withEmail[fromDonors++] : undefined;
    const name = donor?.name ?? personName(random);
    const status =
      age(timeline, ts) < 3 && random.chance(0.5)
        ? 'pending'
        : random.weighted({ confirmed: 80, pending: 4, unsubscribed: 16 });
    const confirmed = status === 'pending' ? null : addDays(ts, random.next() / 4);
    const unsubscribed = status === 'unsubscribed' ? timeline.after(random, confirmed ?? ts) : null;
    await writer.add([
      n + 1,
      ts,
      donor?.email ?? personEmail(name, 'news', n),
      random.chance(0.6) ? name : null,
      status,
      random.chance(0.9) ? 'newsletter_subscribe' : 'donation',
      ts,
      confirmed,
      unsubscribed,
      '2025-11',
      'Send me the newsletter. I can leave at any time.',
      unsubscribed ?? confirmed ?? ts,
    ]);
  }
  await writer.close();
}

export async function writeApplications(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  count: number,
): Promise<number> {
  const applications = new TableWriter(db, 'volunteers', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['name', 'text'],
    ['email', 'text'],
    ['details', 'jsonb'],
    ['updated_at', 'timestamptz'],
    ['state', 'text'],
    ['holder', 'text'],
    ['due_at', 'timestamptz'],
  ]);
  const history = new TableWriter(
    db,
    'application_history',
    [
      ['id', 'bigint'],
      ['ts', 'timestamptz'],
      ['application_id', 'bigint'],
      ['kind', 'text'],
      ['author', 'text'],
      ['body', 'text'],
      ['subject', 'text'],
      ['recipient', 'text'],
    ],
    { dependsOn: applications },
  );
  let historyId = 0;
  const times = moments(random, timeline, count);
  for (let id = 1; id <= count; id += 1) {
    const ts = times[id - 1]!;
    const name = personName(random);
    const email = random.chance(0.95) ? personEmail(name, 'applicant', id) : null;
    const form = random.weighted(FORMS);
    const days = age(timeline, ts);
    const state =
      days < 10
        ? random.weighted({ new: 60, in_review: 40 })
        : days < 30
          ? random.weighted({ new: 10, in_review: 30, accepted: 30, declined: 25, withdrawn: 5 })
          : random.weighted({ accepted: 45, declined: 45, withdrawn: 10 });
    const holder = state === 'new' ? null : random.pick(STAFF_USERNAMES);
    const details = {
      form,
      phone: kenyanPhone(1_000_000 + id),
      nationality: random.pick(['Kenyan', 'Kenyan', 'Ugandan', 'German', 'British', 'American']),
      availability: random.pick(['Weekends', 'Three months', 'School holidays', 'Six months']),
      motivation: words(random, random.int(20, 80)),
      skills: [random.pick(['teaching', 'nursing', 'sports', 'music', 'IT', 'art'])],
    };
    await applications.add([
      id,
      ts,
      name,
      email,
      JSON.stringify(details),
      addDays(ts, Math.min(days, random.int(1, 20))),
      state,
      holder,
      addDays(ts, 14),
    ]);
    if (email) {
      await history.add([
        ++historyId,
        addDays(ts, 0.001),
        id,
        'acknowledgement',
        null,
        `Dear ${name}, thank you for applying.`,
        'We received your application',
        email,
      ]);
    }
    for (let note = random.int(0, 3); note > 0 && state !== 'new'; note -= 1) {
      const author = holder ?? random.pick(STAFF_USERNAMES);
      const at = timeline.after(random, ts, 20);
      if (email && note === 1 && state !== 'in_review') {
        await history.add([++historyId, at, id, 'reply', author, words(random, 40), `Your ${form} application`, email]);
      } else {
        await history.add([++historyId, at, id, 'note', author, words(random, 15), null, null]);
      }
    }
  }
  await applications.close();
  await history.close();
  return historyId;
}

export async function writeContacts(db: Queryable, random: Random, timeline: Timeline, count: number): Promise<number> {
  const contacts = new TableWriter(db, 'contacts', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['name', 'text'],
    ['email', 'text'],
    ['subject', 'text'],
    ['type', 'text'],
    ['message', 'text'],
    ['holder', 'text'],
    ['replied_at', 'timestamptz'],
    ['done_at', 'timestamptz'],
  ]);
  const history = new TableWriter(
    db,
    'contact_history',
    [
      ['id', 'bigint'],
      ['ts', 'timestamptz'],
      ['contact_id', 'bigint'],
      ['kind', 'text'],
      ['author', 'text'],
      ['body', 'text'],
      ['subject', 'text'],
      ['recipient', 'text'],
    ],
    { dependsOn: contacts },
  );
  let historyId = 0;
  const times = moments(random, timeline, count);
  for (let id = 1; id <= count; id += 1) {
    const ts = times[id - 1]!;
    const name = personName(random);
    const email = personEmail(name, 'contact', id);
    const days = age(timeline, ts);
    const open = days < 5 ? random.chance(0.7) : random.chance(0.02);
    const replied = open ? null : timeline.after(random, ts, 4);
    const done = open || random.chance(0.3) ? null : timeline.after(random, replied ?? ts, 10);
    const holder = open && random.chance(0.6) ? null : random.pick(STAFF_USERNAMES);
    const subject = words(random, random.int(3, 7));
    await contacts.add([
      id,
      ts,
      name,
      email,
      subject,
      random.pick(CONTACT_TYPES),
      words(random, random.int(20, 120)),
      holder,
      replied,
      done,
    ]);
    if (replied) {
      await history.add([++historyId, replied, id, 'reply', holder, words(random, 50), `Re: ${subject}`, email]);
    }
    if (random.chance(0.3)) {
      await history.add([
        ++historyId,
        timeline.after(random, ts, 3),
        id,
        'note',
        holder ?? 'amina',
        words(random, 12),
        null,
        null,
      ]);
    }
  }
  await contacts.close();
  await history.close();
  return historyId;
}
