/**
 * What every case staff answer shares (an application, a contact message): locking one for a change, who holds it,
 * notes, the emails sent to the person with their outbox status, and the refusals. Each change is audited as an
 * update of the case's dashboard list, in the transaction of the change; every email goes through the outbox. The
 * staff endpoint is case-endpoint.ts, kept apart so a public form that opens a case ships no sign-in code.
 */
import type { CaseHistoryEntry } from '../../../../src/schemas/cases.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { error, type Issue } from '../platform/http.ts';
import { enqueue } from '../platform/outbox.ts';

/** A table of cases and the table of its notes and emails. Constants, never input. */
export interface CaseTable {
  /** The cases' table, also the dashboard list they are in. */
  readonly table: 'volunteers' | 'contacts';
  /** Notes and emails, one row each, pointing at their case by `key`. */
  readonly history: 'application_history' | 'contact_history';
  readonly key: 'application_id' | 'contact_id';
  /** What a case is called in a refusal ("Application not found"). */
  readonly noun: string;
  /** The prefix of its emails' outbox keys. */
  readonly dedup: string;
  /** The column stamped with the moment of each change (retention counts from it), or null. */
  readonly changedAt: 'updated_at' | null;
}

/** A note, or an email sent to the person with its outbox status (null once the outbox has let it go). */
export type HistoryEntry = CaseHistoryEntry;

/** A change the case refuses: the status and message to answer with. */
export class Refusal extends Error {
  readonly response: Response;
  constructor(status: number, message: string, issues?: Issue[]) {
    super(message);
    this.name = 'Refusal';
    this.response = error(status, message, issues);
  }
}

/** An email to the person of a case, as {@link CaseQueue.email} records and queues it. */
export interface CaseEmail {
  kind: 'acknowledgement' | 'reply';
  author: string | null;
  subject: string;
  body: string;
  recipient: string;
  /** The form the case came from (the outbox row's source). */
  source: string;
  replyTo?: string | undefined;
  /** The From it goes out with, when not the website's own. */
  sender?: string | undefined;
}

/** A stored moment as ISO text, or null. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The cases of one table: what every kind of case does the same way. */
export class CaseQueue {
  readonly cases: CaseTable;

  constructor(cases: CaseTable) {
    this.cases = cases;
  }

  /** `, <changedAt> = now()` for an update's set list, or nothing. */
  get stamp(): string {
    return this.cases.changedAt ? `, ${this.cases.changedAt} = now()` : '';
  }

  /** Locks one case for a change, reading `columns`; a {@link Refusal} (404) when there is none. */
  async lock<Row>(tx: Queryable, id: string, columns: string): Promise<Row> {
    const [row] = await tx.query<Row & Record<string, unknown>>(
      `select ${columns} from ${this.cases.table} where id = $1 for update`,
      [id],
    );
    if (!row) throw new Refusal(404, `${this.cases.noun} not found`);
    return row;
  }

  /** Audits one change of a case as an update of its list, in the caller's transaction. */
  async audit(tx: Queryable, actor: string, details: Record<string, unknown>): Promise<void> {
    await audit(tx, `admin.${this.cases.table}.update`, actor, details);
  }

  /** Gives a case to staff member `holder` (a username), or to nobody; giving it to who holds it changes nothing. */
  async changeHolder(actor: string, id: string, holder: string | null): Promise<void> {
    await transaction(async (tx) => {
      const next = holder === null ? null : await staffUsername(tx, holder);
      const row = await this.lock<{ holder: string | null }>(tx, id, 'holder');
      if (row.holder === next) return;
      await tx.query(`update ${this.cases.table} set holder = $2${this.stamp} where id = $1`, [id, next]);
      await this.audit(tx, actor, { id, change: 'holder', from: row.holder, to: next });
    });
  }

  /** Adds a staff note to a case. */
  async addNote(actor: string, id: string, text: string): Promise<void> {
    const { history, key } = this.cases;
    await transaction(async (tx) => {
      await this.lock(tx, id, 'id');
      await tx.query(`insert into ${history} (${key}, kind, author, body) values ($1, 'note', lower($2), $3)`, [
        id,
        actor,
        text,
      ]);
      await this.audit(tx, actor, { id, change: 'note' });
    });
  }

  /** Records an email to the person of case `id` in its history and queues it, in the caller's transaction. */
  async email(tx: Queryable, id: string, email: CaseEmail): Promise<string> {
    const { history, key, dedup, table } = this.cases;
    const [entry] = await tx.query<{ id: string }>(
      `insert into ${history} (${key}, kind, author, body, subject, recipient, reply_to)
       values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
      [id, email.kind, email.author, email.body, email.subject, email.recipient, email.replyTo ?? null],
    );
    if (!entry) throw new Error(`insert into ${history} returned no row`);
    const dedupKey = `${dedup}:${id}:${email.kind}:${entry.id}`;
    await tx.query(`update ${history} set dedup_key = $2 where id = $1`, [entry.id, dedupKey]);
    await enqueue(tx, {
      kind: 'message',
      dedupKey,
      source: email.source,
      notice: { subject: email.subject, body: email.body, resource: table, recordId: id },
      recipients: [email.recipient],
      replyTo: email.replyTo,
      sender: email.sender,
    });
    return entry.id;
  }

  /** A case's notes and emails, oldest first, each email with its outbox status. */
  async history(id: string): Promise<HistoryEntry[]> {
    const rows = await query<{
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
       from ${this.cases.history} h left join notification_outbox o on o.dedup_key = h.dedup_key
       where h.${this.cases.key} = $1 order by h.id`,
      [id],
    );
    return rows.map((entry) => ({
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
    }));
  }
}

/** The lower-cased username of staff member `holder`; a {@link Refusal} (400) when nobody has it. */
async function staffUsername(tx: Queryable, holder: string): Promise<string> {
  const [account] = await tx.query<{ username: string }>(
    'select lower(username) as username from admin_users where lower(username) = lower($1)',
    [holder],
  );
  if (!account) {
    throw new Refusal(400, 'Invalid holder', [{ path: 'holder', message: 'No staff member has this username' }]);
  }
  return account.username;
}
