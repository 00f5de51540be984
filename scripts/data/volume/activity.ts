/**
 * What the site and the staff did around the records: the event log (visitors' forms, payments, and the audit trail
 * of staff actions), the notification outbox, staff accounts with their sessions, donors' My giving sessions, and the
 * uploaded pictures and PDFs with their Media entries. Upload bytes are made inside the database from a hash, so two
 * gigabytes cost no transfer; they are deterministic, and `mediaScale` shrinks every file for a quicker run.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../../netlify/functions/_shared/platform/db.ts';
import { STAFF_USERNAMES } from './giving.ts';
import { addDays, personName, words, type Random, type Timeline } from './random.ts';
import { TableWriter } from './writer.ts';

const EVENT_TYPES = {
  donation_intent: 22,
  newsletter_subscribe: 8,
  contact_submit: 3,
  volunteer_application: 2,
  internship_application: 1,
  school_volunteer_application: 1,
  'gift.confirmed': 20,
  'gift.recorded': 2,
  'gift.flagged': 0.5,
  'commitment.reminder': 3,
  'admin.login': 6,
  'admin.logout': 3,
  'admin.gifts.create': 2,
  'admin.volunteers.update': 6,
  'admin.contacts.update': 5,
  'admin.blog.update': 2,
  'admin.programs.update': 1,
  'admin.media.upload': 1,
  'admin.commitments.decide': 1,
  'admin.person.export': 0.3,
  'admin.db.backup': 0.2,
  'admin.children.update': 1,
};

/** Sizes of this part. */
export interface ActivitySizes {
  events: number;
  outbox: number;
  adminSessions: number;
  donorSessions: number;
  media: number;
  /** Bytes of all uploads together. */
  mediaBytes: number;
}

export async function writeEvents(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  count: number,
  gifts: number,
): Promise<void> {
  const writer = new TableWriter(db, 'events', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['type', 'text'],
    ['payload', 'jsonb'],
  ]);
  const times = Array.from({ length: count }, () => timeline.moment(random)).sort((a, b) => a.getTime() - b.getTime());
  for (let id = 1; id <= count; id += 1) {
    const type = random.weighted(EVENT_TYPES);
    let payload: Record<string, unknown>;
    if (type.startsWith('admin.')) {
      payload = { actor: random.pick(STAFF_USERNAMES), id: String(random.int(1, Math.max(1, gifts))) };
    } else if (type.startsWith('gift.')) {
      payload = { giftId: String(random.int(1, Math.max(1, gifts))), provider: random.pick(['mpesa', 'paystack']) };
    } else if (type === 'donation_intent') {
      payload = { amount: random.int(5, 500), currency: random.pick(['KES', 'USD']), type: 'one-time' };
    } else if (type === 'commitment.reminder') {
      payload = { commitmentId: String(random.int(1, 3000)) };
    } else {
      const name = personName(random);
      payload = { name, email: `${name.toLowerCase().replace(/[^a-z]/g, '')}@example.org`, message: words(random, 20) };
    }
    await writer.add([id, times[id - 1], type, JSON.stringify(payload)]);
  }
  await writer.close();
}

export async function writeOutbox(db: Queryable, random: Random, timeline: Timeline, count: number): Promise<void> {
  const writer = new TableWriter(db, 'notification_outbox', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['kind', 'text'],
    ['dedup_key', 'text'],
    ['source', 'text'],
    ['resource', 'text'],
    ['record_id', 'text'],
    ['recipients', 'text'],
    ['subject', 'text'],
    ['body', 'text'],
    ['status', 'text'],
    ['attempts', 'integer'],
    ['next_attempt_at', 'timestamptz'],
    ['give_up_at', 'timestamptz'],
    ['last_error', 'text'],
    ['sent_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ]);
  const times = Array.from({ length: count }, () => timeline.moment(random)).sort((a, b) => a.getTime() - b.getTime());
  for (let id = 1; id <= count; id += 1) {
    const ts = times[id - 1]!;
    const kind = random.weighted({ message: 70, submission: 25, digest: 5 });
    const recent = timeline.until.getTime() - ts.getTime() < 3_600_000;
    const status = recent ? 'pending' : random.weighted({ sent: 93, skipped: 5, failed: 2 });
    await writer.add([
      id,
      ts,
      kind,
      `volume:${id}`,
      kind === 'message' ? 'gift' : 'track',
      random.pick(['gifts', 'contacts', 'volunteers']),
      String(random.int(1, 10_000)),
      `${random.pick(STAFF_USERNAMES)}@example.org`,
      words(random, 6),
      words(random, 80),
      status,
      status === 'pending' ? 0 : random.int(1, 3),
      ts,
      addDays(ts, 1),
      status === 'failed' ? '550 mailbox unavailable' : null,
      status === 'sent' ? addDays(ts, 0.0001) : null,
      ts,
    ]);
  }
  await writer.close();
}

/** Staff accounts (they cannot sign in: their hash is no password's), their sessions and donors' sessions. */
export async function writeSessions(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  sizes: ActivitySizes,
): Promise<void> {
  const staff = new TableWriter(db, 'admin_users', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['username', 'text'],
    ['password_hash', 'text'],
    ['display_name', 'text'],
  ]);
  for (const [index, username] of STAFF_USERNAMES.entries()) {
    await staff.add([index + 1, timeline.from, username, 'volume-seed:no-password', personName(random)]);
  }
  await staff.close();
  const sessions = new TableWriter(
    db,
    'admin_sessions',
    [
      ['id', 'uuid'],
      ['user_id', 'bigint'],
      ['created_at', 'timestamptz'],
      ['expires_at', 'timestamptz'],
      ['ended_at', 'timestamptz'],
      ['client', 'text'],
      ['user_agent', 'text'],
      ['last_used_at', 'timestamptz'],
    ],
    { identity: false },
  );
  for (let n = 0; n < sizes.adminSessions; n += 1) {
    const created = timeline.moment(random);
    const id = createHash('sha256').update(`admin-session-${n}-${random.next()}`).digest('hex');
    const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-8${id.slice(17, 20)}-${id.slice(20, 32)}`;
    const ended = random.chance(0.6) ? addDays(created, random.next()) : null;
    await sessions.add([
      uuid,
      random.int(1, STAFF_USERNAMES.length),
      created,
      addDays(created, 7),
      ended,
      `client-${random.int(1, 40)}`,
      'Mozilla/5.0 (volume seed)',
      ended ?? addDays(created, random.next()),
    ]);
  }
  await sessions.close();
  const donors = new TableWriter(db, 'donor_sessions', [
    ['id', 'bigint'],
    ['token_hash', 'text'],
    ['email', 'text'],
    ['created_at', 'timestamptz'],
    ['expires_at', 'timestamptz'],
    ['ended_at', 'timestamptz'],
  ]);
  for (let id = 1; id <= sizes.donorSessions; id += 1) {
    const created = timeline.moment(random);
    await donors.add([
      id,
      createHash('sha256').update(`donor-session-${id}`).digest('hex'),
      `donor${random.int(1, 5000)}@example.org`,
      created,
      addDays(created, 30),
      random.chance(0.3) ? addDays(created, 1) : null,
    ]);
  }
  await donors.close();
}

/** Uploads (bytes made in the database) and their Media entries; returns the bytes written. */
export async function writeMedia(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  sizes: ActivitySizes,
): Promise<number> {
  const median = sizes.media > 0 ? sizes.mediaBytes / sizes.media / 1.3 : 0;
  const files = Array.from({ length: sizes.media }, (_, n) => {
    const pdf = random.chance(0.1);
    // A JPEG's (or PDF's) first bytes, then 16-byte blocks of a hash: at most 4 MB, the upload limit.
    const blocks = Math.max(1, Math.min(262_000, Math.round(random.logNormal(median, 0.7) / 16)));
    return {
      id: n + 1,
      ts: timeline.moment(random),
      name: `${pdf ? 'report' : 'photo'}-${n + 1}.${pdf ? 'pdf' : 'jpg'}`,
      type: pdf ? 'application/pdf' : 'image/jpeg',
      blocks,
      by: random.pick(STAFF_USERNAMES),
    };
  }).sort((a, b) => a.ts.getTime() - b.ts.getTime());
  let bytes = 0;
  // A few files per statement: each is up to 8 MB of hex while it is made.
  for (let start = 0; start < files.length; start += 8) {
    const batch = files.slice(start, start + 8);
    await db.query(
      `insert into uploads (id, ts, name, content_type, size, data, uploaded_by) overriding system value
       select id, ts, name, type, 4 + blocks * 16,
              (case when type = 'application/pdf' then '\\x25504446' else '\\xffd8ffe0' end)::bytea
                || decode(repeat(md5(name), blocks), 'hex'),
              by
       from unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[])
            as f(id, ts, name, type, blocks, by)`,
      [
        batch.map((file) => file.id),
        batch.map((file) => file.ts),
        batch.map((file) => file.name),
        batch.map((file) => file.type),
        batch.map((file) => file.blocks),
        batch.map((file) => file.by),
      ],
    );
    bytes += batch.reduce((sum, file) => sum + 4 + file.blocks * 16, 0);
  }
  await db.query(`select setval(pg_get_serial_sequence('uploads', 'id'), greatest((select max(id) from uploads), 1))`);
  const media = new TableWriter(db, 'media', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['name', 'text'],
    ['url', 'text'],
    ['meta', 'jsonb'],
    ['updated_at', 'timestamptz'],
  ]);
  for (const file of files) {
    await media.add([
      file.id,
      file.ts,
      file.name,
      `/media/${file.id}/${file.name}`,
      JSON.stringify({ alt: `Picture ${file.id} from the programmes` }),
      file.ts,
    ]);
  }
  await media.close();
  return bytes;
}
