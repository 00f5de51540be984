/**
 * The dashboard's inbox: what arrived since Monday (Nairobi) and since the staff member's last visit, and what is
 * overdue or waits for staff. Every query reads an index range and returns counts and a few rows (LIMIT).
 */
import { UPDATE_DUE_MONTHS } from '../../../../src/schemas/child-updates.ts';
import { nairobiToday } from '../../../../src/lib/events.ts';
import {
  INBOX_ITEMS,
  type ArrivalKind,
  type DueKind,
  type InboxAnswer,
  type InboxItem,
} from '../../../../src/schemas/inbox.ts';
import { SPONSORSHIPS_LAST_HEARD } from '../children/child-updates.ts';
import { consentsEnding } from '../children/children.ts';
import { OVERDUE_CONTACTS } from '../applications/contact-cases.ts';
import { query, type Queryable } from '../platform/db.ts';

/** Nairobi is three hours ahead of UTC all year. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 in Nairobi of the week holding `at`. */
export function weekStart(at: Date): Date {
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight - sinceMonday * DAY_MS - NAIROBI_OFFSET_MS);
}

/**
 * Records that `username` reads the inbox in session `sessionId` at `now`, and returns the end of their last visit
 * (null on their first). A visit is a session: the first read from a new session makes the old session's last read
 * the last visit; later reads in the same session keep it.
 */
export async function recordVisit(db: Queryable, username: string, sessionId: string, now: Date): Promise<Date | null> {
  const [row] = await db.query<{ previous_seen_at: Date | string | null }>(
    `insert into staff_visits (username, session_id, last_seen_at) values (lower($1), $2, $3)
     on conflict (username) do update set
       previous_seen_at = case when staff_visits.session_id = excluded.session_id
         then staff_visits.previous_seen_at else staff_visits.last_seen_at end,
       session_id = excluded.session_id,
       last_seen_at = greatest(staff_visits.last_seen_at, excluded.last_seen_at)
     returning previous_seen_at`,
    [username, sessionId, now],
  );
  return row?.previous_seen_at ? new Date(row.previous_seen_at) : null;
}

/** A row as every inbox query selects it. */
type ItemRow = {
  id: string;
  ts: Date | string;
  name: string | null;
  amount_subunits: string | number | null;
  currency: string | null;
  note: string | null;
};

/** What each arrival kind reads: its table and time column, who or what it is, and which rows count. */
const ARRIVALS: Readonly<Record<ArrivalKind, { table: string; select: string; where: string }>> = {
  // Money received or waiting to be matched; a checkout nobody paid is not a gift.
  gifts: {
    table: 'gifts',
    select: `case when anonymous or coalesce(donor_name, '') = '' then 'Anonymous donor' else donor_name end as name,
      amount_subunits, currency, null as note`,
    where: `state in ('confirmed', 'unmatched', 'refunded')`,
  },
  contacts: {
    table: 'contacts',
    select: 'name, null as amount_subunits, null as currency, subject as note',
    where: 'true',
  },
  volunteers: {
    table: 'volunteers',
    select: 'name, null as amount_subunits, null as currency, null as note',
    where: 'true',
  },
  letters: {
    table: `(select l.id, l.created_at as ts, s.sponsor_name, ch.name as child_name from sponsor_letters l
      join sponsorships s on s.id = l.sponsorship_id join children ch on ch.id = l.child_id) letters`,
    select: `sponsor_name as name, null as amount_subunits, null as currency, 'To ' || child_name as note`,
    where: 'true',
  },
  newsletter: {
    table: 'newsletter_subscribers',
    select: `coalesce(nullif(name, ''), email) as name, null as amount_subunits, null as currency, null as note`,
    where: 'true',
  },
};

/** An inbox item from its row; `newSince` is the last visit (null: none, every arrival is new; undefined: never new). */
function item(row: ItemRow, newSince: Date | null | undefined): InboxItem {
  const ts = new Date(row.ts);
  return {
    id: String(row.id),
    ts: ts.toISOString(),
    name: row.name ?? '',
    amount:
      row.amount_subunits === null || row.currency === null
        ? null
        : { subunits: Number(row.amount_subunits), currency: row.currency },
    note: row.note,
    isNew: newSince === null || (newSince !== undefined && ts.getTime() > newSince.getTime()),
  };
}

async function arrivals(db: Queryable, kind: ArrivalKind, week: Date, lastVisit: Date | null) {
  const { table, select, where } = ARRIVALS[kind];
  // Since Monday, and since the last visit when that was earlier: one range of the arrival-time index, counted whole
  // (window counts are taken before the limit) and its newest rows, in one statement.
  const from = lastVisit && lastVisit < week ? lastVisit : week;
  const rows = await db.query<ItemRow & { monday: number; visit: number }>(
    `select id::text as id, ts, ${select},
       (count(*) filter (where ts >= $2) over ())::int as monday,
       (count(*) filter (where $3::timestamptz is null or ts > $3::timestamptz) over ())::int as visit
     from ${table} where ts >= $1 and ${where} order by ts desc limit $4`,
    [from, week, lastVisit, INBOX_ITEMS],
  );
  return {
    kind,
    sinceMonday: rows[0]?.monday ?? 0,
    sinceVisit: rows[0]?.visit ?? 0,
    items: rows.map((row) => item(row, lastVisit)),
  };
}

/** The active sponsorships whose sponsor last heard anything {@link UPDATE_DUE_MONTHS} months or more before `$1`. */
const SILENT_SPONSORSHIPS = `with silent as (select * from (${SPONSORSHIPS_LAST_HEARD}) heard
  where last_heard <= $1::timestamptz - make_interval(months => ${UPDATE_DUE_MONTHS}))`;

/** Every row's count of all that waits of its kind (a window count, taken before the limit). */
const TOTAL = '(count(*) over ())::int as total';

/** What waits for staff, of each kind: its count and its most urgent rows, judged at `$1`, in one statement. */
const DUE: Readonly<Record<Exclude<DueKind, 'consents-ending'>, string>> = {
  // The applications queue's own rule: still waiting for an answer, and past the promised answer time.
  'overdue-applications': `select id::text as id, due_at as ts, name, null as amount_subunits, null as currency,
      null as note, ${TOTAL}
    from volunteers where state in ('new', 'in_review') and due_at <= $1 order by due_at limit $2`,
  // Contact messages on the same rule: neither replied to nor done, past the answer the contact page promises.
  'overdue-messages': `select id::text as id, ts, name, null as amount_subunits, null as currency, subject as note,
      ${TOTAL}
    from contacts where ${OVERDUE_CONTACTS} order by ts limit $2`,
  // Money the site could not tie to a checkout, a person or a cause until staff assign it.
  'unmatched-gifts': `select id::text as id, ts, coalesce(nullif(donor_name, ''), 'Unknown payer') as name,
      amount_subunits, currency, reference as note, ${TOTAL}
    from gifts where state = 'unmatched' and ts <= $1 order by ts limit $2`,
  'failed-emails': `select id::text as id, ts, subject as name, null as amount_subunits, null as currency,
      nullif(recipients, '') as note, ${TOTAL}
    from notification_outbox where status = 'failed' and ts <= $1 order by ts desc limit $2`,
  'lapsed-commitments': `select id::text as id, state_since as ts,
      case when anonymous or coalesce(donor_name, '') = '' then 'Anonymous supporter' else donor_name end as name,
      amount_subunits, currency, null as note, ${TOTAL}
    from commitments where state = 'lapsed' and state_since <= $1 order by state_since desc limit $2`,
  // Sponsors' letters staff have not read yet, oldest first: first come, first served.
  'letters-to-review': `select l.id::text as id, l.created_at as ts, s.sponsor_name as name,
      null as amount_subunits, null as currency, 'To ' || ch.name as note, ${TOTAL}
    from sponsor_letters l join sponsorships s on s.id = l.sponsorship_id join children ch on ch.id = l.child_id
    where l.state = 'review' and l.created_at <= $1 order by l.id limit $2`,
  // Sponsored children whose sponsor has heard nothing (no news published since the sponsorship began) for 6 months.
  'children-due-news': `${SILENT_SPONSORSHIPS} select child_id as id, last_heard as ts, name, null as amount_subunits,
      null as currency, 'Sponsored by ' || sponsor_name as note, ${TOTAL}
    from silent order by last_heard limit $2`,
};

async function due(db: Queryable, kind: Exclude<DueKind, 'consents-ending'>, at: Date) {
  const found = await db.query<ItemRow & { total: number }>(DUE[kind], [at, INBOX_ITEMS]);
  return { kind, count: found[0]?.total ?? 0, items: found.map((row) => item(row, undefined)) };
}

async function endingConsents(db: Queryable, at: Date) {
  const ending = await consentsEnding(nairobiToday(at), undefined, db);
  const items = ending.slice(0, INBOX_ITEMS).map((row) => ({
    id: String(row['id']),
    ts: new Date(`${String(row['valid_until'])}T23:59:59+03:00`).toISOString(),
    name: typeof row['name'] === 'string' ? row['name'] : '',
    amount: null,
    note: null,
    isNew: false,
  }));
  return { kind: 'consents-ending' as const, count: ending.length, items };
}

/**
 * The inbox of the staff member reading it in session `sessionId`: their visit is recorded at `now` (the server's
 * clock), while "this week" and "overdue" are judged at `at` (the dashboard's clock, as the Applications list judges
 * its overdue marks).
 */
export async function inbox(
  reader: { username: string; sessionId: string },
  now: Date,
  at: Date = now,
  db: Queryable = { query },
): Promise<InboxAnswer> {
  const lastVisit = await recordVisit(db, reader.username, reader.sessionId, now);
  const week = weekStart(at);
  // Each kind is one statement of its own: they go out together rather than one round trip after another.
  const [arrived, waiting] = await Promise.all([
    Promise.all((Object.keys(ARRIVALS) as ArrivalKind[]).map((kind) => arrivals(db, kind, week, lastVisit))),
    Promise.all([
      due(db, 'overdue-applications', at),
      due(db, 'overdue-messages', at),
      due(db, 'unmatched-gifts', at),
      due(db, 'failed-emails', at),
      endingConsents(db, at),
      due(db, 'lapsed-commitments', at),
      due(db, 'letters-to-review', at),
      due(db, 'children-due-news', at),
    ]),
  ]);
  return {
    asOf: at.toISOString(),
    weekStart: week.toISOString(),
    lastVisit: lastVisit?.toISOString() ?? null,
    arrivals: arrived,
    due: waiting,
  };
}
