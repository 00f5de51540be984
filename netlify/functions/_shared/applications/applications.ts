/**
 * The applications queue: acknowledging an application on arrival, moving it between states, who holds
 * it, notes, and the reply to the applicant. Every change is audited as `admin.volunteers.update` (the list it
 * changes), with what changed, in the transaction of the change; every email goes through the outbox.
 */
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { dateLocale } from '../../../../src/i18n/dates.ts';
import {
  acknowledgement,
  canMove,
  isApplicationKind,
  isOverdue,
  STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
} from '../../../../src/lib/applications.ts';
import type { Reply } from '../../../../src/schemas/applications.ts';
import type { ApplicationCase } from '../../../../src/schemas/cases.ts';
import { CaseQueue, Refusal } from './cases.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { composeReply } from './reply-templates.ts';
import { signatureOf } from '../staff/staff-accounts.ts';
import { getPreferences } from '../staff/staff-preferences.ts';

/** The charity's name as emails to applicants sign it. */
export const CHARITY_NAME = "Tumaini Children's Foundation";

export { Refusal, type HistoryEntry } from './cases.ts';

/** Applications as cases: their table, notes and emails. */
const APPLICATIONS = new CaseQueue({
  table: 'volunteers',
  history: 'application_history',
  key: 'application_id',
  noun: 'Application',
  dedup: 'application',
  changedAt: 'updated_at',
});

/** One application with everything its record shows (the answer's shape, shared with the dashboard). */
export type ApplicationRecord = ApplicationCase;

/**
 * Queues the acknowledgement of a new application (what happens next, and by when), in the transaction that stored
 * it. An applicant who left no email is simply not emailed.
 */
export async function acknowledge(
  tx: Queryable,
  application: { id: string; kind: ApplicationKind; name: string; email: string | null; ts: Date; language?: Locale },
): Promise<void> {
  if (!application.email) return;
  const language = application.language ?? 'en';
  const t = translator(language);
  const text = acknowledgement(
    application.kind,
    application.name,
    application.ts,
    CHARITY_NAME,
    t,
    dateLocale(language),
  );
  await APPLICATIONS.email(tx, application.id, {
    kind: 'acknowledgement',
    author: null,
    ...text,
    recipient: application.email,
    source: application.kind,
  });
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
  const history = await APPLICATIONS.history(id);
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
    overdue: isOverdue(row.state, due, now),
    history,
    draft,
  };
}

/** Locks one application for a change; a {@link Refusal} when there is none. */
const lock = (tx: Queryable, id: string) => APPLICATIONS.lock<StoredApplication>(tx, id, COLUMNS);

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
    await tx.query(`update volunteers set state = $2, holder = $3${APPLICATIONS.stamp} where id = $1`, [
      id,
      to,
      holder,
    ]);
    await APPLICATIONS.audit(tx, actor, { id, change: 'state', from: row.state, to });
    if (holder !== row.holder) {
      await APPLICATIONS.audit(tx, actor, { id, change: 'holder', from: row.holder, to: holder });
    }
  });
}

/** Gives an application to staff member `holder` (a username), or to nobody. */
export const changeHolder = (actor: string, id: string, holder: string | null): Promise<void> =>
  APPLICATIONS.changeHolder(actor, id, holder);

/** Adds a staff note to an application. */
export const addNote = (actor: string, id: string, text: string): Promise<void> =>
  APPLICATIONS.addNote(actor, id, text);

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
    await APPLICATIONS.email(tx, id, {
      kind: 'reply',
      author: actor.toLowerCase(),
      subject: reply.subject,
      body: reply.body,
      recipient: row.email,
      source: kind,
      replyTo: staffEmail,
    });
    await APPLICATIONS.audit(tx, actor, { id, change: 'reply', state: row.state });
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
