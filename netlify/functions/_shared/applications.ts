/**
 * The applications queue: acknowledging an application on arrival, moving it between states, who holds
 * it, notes, and the reply to the applicant. Every change is audited as `admin.volunteers.update` (the list it
 * changes), with what changed, in the transaction of the change; every email goes through the outbox.
 */
import {
  acknowledgement,
  canMove,
  isApplicationKind,
  OPEN_STATES,
  STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
} from '../../../src/lib/applications.ts';
import type { Reply } from '../../../src/schemas/applications.ts';
import { audit } from './audit.ts';
import { query, transaction, type Queryable } from './db.ts';
import { error, type Issue } from './http.ts';
import { enqueue } from './outbox.ts';
import { composeReply } from './reply-templates.ts';
import { signatureOf } from './staff-accounts.ts';
import { getPreferences } from './staff-preferences.ts';

/** The charity's name as emails to applicants sign it. */
export const CHARITY_NAME = "Tumaini Children's Foundation";

/** The dashboard list applications are in. */
const RESOURCE = 'volunteers';

/** One application with everything its record shows. */
export interface ApplicationRecord {
  id: string;
  ts: string;
  kind: ApplicationKind | null;
  name: string;
  email: string | null;
  details: Record<string, unknown>;
  state: ApplicationState;
  holder: string | null;
  dueAt: string;
  overdue: boolean;
  history: HistoryEntry[];
  /** An accepted or declined application's reply as the staff member asking starts from it: its template, filled. */
  draft: { subject: string; body: string } | null;
}

/** A note, or an email sent to the applicant with its outbox status (null once the outbox has let it go). */
export interface HistoryEntry {
  id: string;
  ts: string;
  kind: 'note' | 'acknowledgement' | 'reply';
  author: string | null;
  body: string;
  subject: string | null;
  recipient: string | null;
  replyTo: string | null;
  status: string | null;
  sentAt: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Records an email to the applicant in its history and queues it, in the caller's transaction. */
async function sendToApplicant(
  tx: Queryable,
  application: { id: string; kind: string; email: string },
  email: { kind: 'acknowledgement' | 'reply'; author: string | null; subject: string; body: string },
  replyTo?: string,
): Promise<string> {
  const [entry] = await tx.query<{ id: string }>(
    `insert into application_history (application_id, kind, author, body, subject, recipient, reply_to)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
    [application.id, email.kind, email.author, email.body, email.subject, application.email, replyTo ?? null],
  );
  if (!entry) throw new Error('insert into application_history returned no row');
  const dedupKey = `application:${application.id}:${email.kind}:${entry.id}`;
  await tx.query('update application_history set dedup_key = $2 where id = $1', [entry.id, dedupKey]);
  await enqueue(tx, {
    kind: 'message',
    dedupKey,
    source: application.kind,
    notice: { subject: email.subject, body: email.body, resource: RESOURCE, recordId: application.id },
    recipients: [application.email],
    replyTo,
  });
  return entry.id;
}

/**
 * Queues the acknowledgement of a new application (what happens next, and by when), in the transaction that stored
 * it. An applicant who left no email is simply not emailed.
 */
export async function acknowledge(
  tx: Queryable,
  application: { id: string; kind: ApplicationKind; name: string; email: string | null; ts: Date },
): Promise<void> {
  if (!application.email) return;
  const text = acknowledgement(application.kind, application.name, application.ts, CHARITY_NAME);
  await sendToApplicant(
    tx,
    { id: application.id, kind: application.kind, email: application.email },
    { kind: 'acknowledgement', author: null, ...text },
  );
}

interface StoredApplication {
  id: string;
  ts: Date | string;
  name: string;
  email: string | null;
  details: Record<string, unknown>;
  state: ApplicationState;
  holder: string | null;
  due_at: Date | string;
}

const COLUMNS = 'id::text as id, ts, name, email, details, state, holder, due_at';

function kindOf(details: Record<string, unknown>): ApplicationKind | null {
  const form = details['form'];
  return isApplicationKind(form) ? form : null;
}

/**
 * One application with its notes and emails, or undefined; `overdue` is judged at `now`, and a decided application's
 * reply is drafted for staff member `staff`.
 */
export async function getApplication(
  id: string,
  staff: string,
  now: Date = new Date(),
): Promise<ApplicationRecord | undefined> {
  const [row] = await query<StoredApplication>(`select ${COLUMNS} from volunteers where id = $1`, [id]);
  if (!row) return undefined;
  const history = await query<{
    id: string;
    ts: Date | string;
    kind: HistoryEntry['kind'];
    author: string | null;
    body: string;
    subject: string | null;
    recipient: string | null;
    reply_to: string | null;
    status: string | null;
    sent_at: Date | string | null;
  }>(
    `select h.id::text as id, h.ts, h.kind, h.author, h.body, h.subject, h.recipient, h.reply_to, o.status, o.sent_at
     from application_history h left join notification_outbox o on o.dedup_key = h.dedup_key
     where h.application_id = $1 order by h.id`,
    [id],
  );
  const due = new Date(row.due_at);
  const kind = kindOf(row.details);
  const draft =
    kind && (row.state === 'accepted' || row.state === 'declined')
      ? await composeReply(
          { query },
          { kind, name: row.name, details: row.details },
          row.state,
          await signatureOf({ query }, staff),
        )
      : null;
  return {
    id: row.id,
    ts: new Date(row.ts).toISOString(),
    kind,
    name: row.name,
    email: row.email,
    details: row.details,
    state: row.state,
    holder: row.holder,
    dueAt: due.toISOString(),
    overdue: OPEN_STATES.includes(row.state) && now.getTime() >= due.getTime(),
    history: history.map((entry) => ({
      id: entry.id,
      ts: new Date(entry.ts).toISOString(),
      kind: entry.kind,
      author: entry.author,
      body: entry.body,
      subject: entry.subject,
      recipient: entry.recipient,
      replyTo: entry.reply_to,
      status: entry.status,
      sentAt: iso(entry.sent_at),
    })),
    draft,
  };
}

/** A change the queue refuses: the status and message to answer with. */
export class Refusal extends Error {
  readonly response: Response;
  constructor(status: number, message: string, issues?: Issue[]) {
    super(message);
    this.name = 'Refusal';
    this.response = error(status, message, issues);
  }
}

const notFound = () => new Refusal(404, 'Application not found');

/** Locks one application for a change; a {@link Refusal} when there is none. */
async function lock(tx: Queryable, id: string): Promise<StoredApplication> {
  const [row] = await tx.query<StoredApplication>(`select ${COLUMNS} from volunteers where id = $1 for update`, [id]);
  if (!row) throw notFound();
  return row;
}

/**
 * Moves an application to `to`, refusing a move the queue forbids (409). Taking it into review gives it to the
 * staff member who did, when nobody holds it yet.
 */
export async function changeState(actor: string, id: string, to: ApplicationState): Promise<void> {
  await transaction(async (tx) => {
    const row = await lock(tx, id);
    if (!canMove(row.state, to)) {
      const message =
        row.state === to
          ? `The application is already ${STATE_LABELS[to].toLowerCase()}`
          : `An application that is ${STATE_LABELS[row.state].toLowerCase()} cannot become ${STATE_LABELS[to].toLowerCase()}${
              row.state === 'new' ? ': move it to in review first' : ''
            }`;
      throw new Refusal(409, message, [{ path: 'state', message }]);
    }
    const holder = to === 'in_review' && row.holder === null ? actor.toLowerCase() : row.holder;
    await tx.query('update volunteers set state = $2, holder = $3, updated_at = now() where id = $1', [id, to, holder]);
    await audit(tx, 'admin.volunteers.update', actor, { id, change: 'state', from: row.state, to });
    if (holder !== row.holder) {
      await audit(tx, 'admin.volunteers.update', actor, { id, change: 'holder', from: row.holder, to: holder });
    }
  });
}

/** Gives an application to staff member `holder` (a username), or to nobody. */
export async function changeHolder(actor: string, id: string, holder: string | null): Promise<void> {
  await transaction(async (tx) => {
    let next: string | null = null;
    if (holder !== null) {
      const [account] = await tx.query<{ username: string }>(
        'select lower(username) as username from admin_users where lower(username) = lower($1)',
        [holder],
      );
      if (!account) {
        throw new Refusal(400, 'Invalid holder', [{ path: 'holder', message: 'No staff member has this username' }]);
      }
      next = account.username;
    }
    const row = await lock(tx, id);
    if (row.holder === next) return;
    await tx.query('update volunteers set holder = $2, updated_at = now() where id = $1', [id, next]);
    await audit(tx, 'admin.volunteers.update', actor, { id, change: 'holder', from: row.holder, to: next });
  });
}

/** Adds a staff note to an application. */
export async function addNote(actor: string, id: string, text: string): Promise<void> {
  await transaction(async (tx) => {
    await lock(tx, id);
    await tx.query(
      `insert into application_history (application_id, kind, author, body) values ($1, 'note', lower($2), $3)`,
      [id, actor, text],
    );
    await audit(tx, 'admin.volunteers.update', actor, { id, change: 'note' });
  });
}

/**
 * Sends the staff member's reply to the applicant of an accepted or declined application, with Reply-To set to the
 * staff member's own address so the answer reaches them. Refused (409) while the application is undecided, when the
 * applicant left no email, or when the staff member has no address to reply to.
 */
export async function sendReply(actor: string, id: string, reply: Reply): Promise<void> {
  await transaction(async (tx) => {
    const row = await lock(tx, id);
    if (row.state !== 'accepted' && row.state !== 'declined') {
      throw new Refusal(409, 'Accept or decline the application before replying');
    }
    if (!row.email) throw new Refusal(409, 'This applicant left no email address, so no reply can be sent');
    const { email: staffEmail } = await getPreferences(tx, actor);
    if (!staffEmail) {
      throw new Refusal(
        409,
        'Add your email address under Notifications first, so the applicant’s answer comes back to you',
      );
    }
    const kind = kindOf(row.details) ?? 'volunteer_application';
    await sendToApplicant(
      tx,
      { id, kind, email: row.email },
      { kind: 'reply', author: actor.toLowerCase(), subject: reply.subject, body: reply.body },
      staffEmail,
    );
    await audit(tx, 'admin.volunteers.update', actor, { id, change: 'reply', state: row.state });
  });
}

/** How many applications still waiting for an answer are past their promise at `now`. */
export async function countOverdue(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from volunteers where state in ('new', 'in_review') and due_at <= $1`,
    [now],
  );
  return row?.n ?? 0;
}
