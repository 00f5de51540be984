/**
 * Contact messages as cases: who holds one, notes, the reply to the person who wrote (from the contact template, sent
 * from the charity's office address through the outbox), and done. A message is overdue while it is neither replied
 * to nor done past the contact page's promise (src/lib/contact-cases.ts). Each change is audited as
 * `admin.contacts.update`, with what changed, in the transaction of the change.
 */
import siteContent from '../../../../src/content/site.json' with { type: 'json' };
import { CONTACT_PROMISE, contactDueAt, contactStatus, isContactOverdue } from '../../../../src/lib/contact-cases.ts';
import { CONTACT_TEMPLATE_KIND, CONTACT_TEMPLATE_OUTCOME } from '../../../../src/lib/reply-templates.ts';
import type { ContactCase } from '../../../../src/schemas/cases.ts';
import type { Reply } from '../../../../src/schemas/applications.ts';
import { CHARITY_NAME } from './applications.ts';
import { CaseQueue, iso, Refusal } from './cases.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { composeFromTemplate } from './reply-templates.ts';
import { signatureOf } from '../staff/staff-accounts.ts';

/** Contact messages as cases: their table, notes and replies. */
const CONTACTS = new CaseQueue({
  table: 'contacts',
  history: 'contact_history',
  key: 'contact_id',
  noun: 'Contact message',
  dedup: 'contact',
  changedAt: null,
});

/** The charity's office address, as the contact page gives it: replies come from it and answers go back to it. */
export const OFFICE_ADDRESS: string = siteContent[0]?.contact.email ?? '';

/** The From of a reply to a contact message: the charity by name, at its office address. */
export const OFFICE_SENDER = `"${CHARITY_NAME}" <${OFFICE_ADDRESS}>`;

interface StoredContact {
  id: string;
  ts: Date | string;
  name: string;
  email: string;
  subject: string;
  type: string;
  message: string;
  holder: string | null;
  replied_at: Date | string | null;
  done_at: Date | string | null;
}

const COLUMNS = 'id::text as id, ts, name, email, subject, type, message, holder, replied_at, done_at';

/** One contact message with its notes and replies, or undefined; `overdue` is judged at `now`, the draft for `staff`. */
export async function getContactCase(
  id: string,
  staff: string,
  now: Date = new Date(),
): Promise<ContactCase | undefined> {
  const [row] = await query<StoredContact>(`select ${COLUMNS} from contacts where id = $1`, [id]);
  if (!row) return undefined;
  const moments = { ts: row.ts, repliedAt: iso(row.replied_at), doneAt: iso(row.done_at) };
  const draft = await composeFromTemplate({ query }, CONTACT_TEMPLATE_KIND, CONTACT_TEMPLATE_OUTCOME, {
    name: row.name,
    opportunity: 'your message',
    subject: row.subject,
    staffName: await signatureOf({ query }, staff),
  });
  return {
    id: row.id,
    ts: new Date(row.ts).toISOString(),
    name: row.name,
    email: row.email,
    subject: row.subject,
    type: row.type,
    message: row.message,
    status: contactStatus(moments),
    holder: row.holder,
    dueAt: contactDueAt(row.ts).toISOString(),
    overdue: isContactOverdue(moments, now),
    repliedAt: moments.repliedAt,
    doneAt: moments.doneAt,
    history: await CONTACTS.history(id),
    draft,
    replyFrom: OFFICE_ADDRESS,
  };
}

/** Gives a contact message to staff member `holder` (a username), or to nobody. */
export const changeContactHolder = (actor: string, id: string, holder: string | null): Promise<void> =>
  CONTACTS.changeHolder(actor, id, holder);

/** Adds a staff note to a contact message. */
export const addContactNote = (actor: string, id: string, text: string): Promise<void> =>
  CONTACTS.addNote(actor, id, text);

const lock = (tx: Queryable, id: string) => CONTACTS.lock<StoredContact>(tx, id, COLUMNS);

/**
 * Sends staff member `actor`'s reply to the person who wrote, from the office address with Reply-To the office, so
 * their answer reaches every colleague. The first reply stops the clock; replying gives the message to the staff
 * member when nobody holds it. Refused (409) once the message is done.
 */
export async function sendContactReply(actor: string, id: string, reply: Reply): Promise<void> {
  await transaction(async (tx) => {
    const row = await lock(tx, id);
    if (row.done_at !== null) throw new Refusal(409, 'This message is done: open it again before replying');
    await CONTACTS.email(tx, id, {
      kind: 'reply',
      author: actor.toLowerCase(),
      subject: reply.subject,
      body: reply.body,
      recipient: row.email,
      source: CONTACT_TEMPLATE_KIND,
      replyTo: OFFICE_ADDRESS,
      sender: OFFICE_SENDER,
    });
    const holder = row.holder ?? actor.toLowerCase();
    await tx.query('update contacts set replied_at = coalesce(replied_at, now()), holder = $2 where id = $1', [
      id,
      holder,
    ]);
    await CONTACTS.audit(tx, actor, { id, change: 'reply' });
    if (holder !== row.holder) await CONTACTS.audit(tx, actor, { id, change: 'holder', from: row.holder, to: holder });
  });
}

/** Marks a contact message done, or opens it again; asking for what it already is is refused (409). */
export async function markContactDone(actor: string, id: string, done: boolean): Promise<void> {
  await transaction(async (tx) => {
    const row = await lock(tx, id);
    if ((row.done_at !== null) === done) {
      throw new Refusal(409, done ? 'This message is already done' : 'This message is already open');
    }
    await tx.query(`update contacts set done_at = ${done ? 'now()' : 'null'} where id = $1`, [id]);
    await CONTACTS.audit(tx, actor, { id, change: done ? 'done' : 'reopen' });
  });
}

/** Contact messages still waiting: neither replied to nor done. */
const WAITING = 'replied_at is null and done_at is null';

/** The contact messages overdue at `$1`: neither replied to nor done, and older than the promise. */
export const OVERDUE_CONTACTS = `${WAITING} and ts <= $1::timestamptz - interval '${CONTACT_PROMISE.hours} hours'`;

/** How many contact messages are in the open queue: not yet done, replied to or not. */
export async function countOpenContacts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from contacts where done_at is null');
  return row?.n ?? 0;
}

/** How many open contact messages are past the contact page's promise at `now`. */
export async function countOverdueContacts(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from contacts where ${OVERDUE_CONTACTS}`, [
    now,
  ]);
  return row?.n ?? 0;
}
