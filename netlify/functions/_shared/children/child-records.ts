/**
 * A child's record as staff keep it in /samu: the row with what the dashboard shows beside it, a new child saved with
 * the guardian's consent, an edit audited with the columns it changed, and the history staff read (every consent,
 * every sponsorship, the audit trail).
 */
import { CHILD_COLUMNS, type ChildInput, type ConsentInput } from '../../../../src/schemas/children.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { SITE_STATE_COLUMNS } from '../content/site-builds.ts';
import { CHILD_STATE_COLUMNS, childChanged, plainTrailEntry } from './children.ts';

/** A child as the writes that hang off it need it. */
export type ChildRef = { id: string; slug: string };

/** What the dashboard reads beside a child's profile columns: where it stands on the site, its consent and sponsor. */
export const CHILD_RECORD_COLUMNS = [...SITE_STATE_COLUMNS, ...CHILD_STATE_COLUMNS, 'file_copy'];

const selectList = ['id::text as id', 'ts', ...CHILD_COLUMNS, ...CHILD_RECORD_COLUMNS].join(', ');

/** Locks the child `id` for a change in the caller's transaction; undefined when there is none. */
export async function lockChild(tx: Queryable, id: string): Promise<ChildRef | undefined> {
  const [child] = await tx.query<ChildRef>('select id::text as id, slug from children where id = $1 for update', [id]);
  return child;
}

/**
 * Saves a new child with the guardian's consent and its audit entry, in one transaction; answers the stored record.
 * A slug another child has raises the unique violation.
 */
export async function createChild(child: ChildInput & ConsentInput, actor: string): Promise<Record<string, unknown>> {
  const columns = CHILD_COLUMNS.join(', ');
  const placeholders = CHILD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  return transaction(async (tx) => {
    const [created] = await tx.query(
      `insert into children (${columns}) values (${placeholders}) returning id::text as id, slug`,
      CHILD_COLUMNS.map((column) => child[column]),
    );
    if (!created) throw new Error('insert into children returned no row');
    await tx.query(
      `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, form_ref, recorded_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        created['id'],
        child.guardian_name,
        child.guardian_relation,
        child.given_on,
        child.valid_until,
        child.covers,
        child.form_ref,
        actor,
      ],
    );
    await audit(tx, 'admin.children.create', actor, {
      id: created['id'],
      child: child.slug,
      change: `added (${child.status}) with consent covering ${child.covers.join(', ')} until ${child.valid_until}`,
    });
    const [full] = await tx.query(`select ${selectList} from children t where id = $1`, [created['id']]);
    return full!;
  });
}

/** The profile columns whose value differs between two rows. */
function changedColumns(before: Record<string, unknown>, after: ChildInput): string[] {
  return CHILD_COLUMNS.filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column]));
}

/**
 * Saves an edit of the child `id` under lock, audited with the columns it changed; the record as it stands and
 * whether anything changed, or undefined for an unknown child. A slug another child has raises the unique violation.
 */
export async function updateChild(
  id: string,
  child: ChildInput,
  actor: string,
): Promise<{ row: Record<string, unknown>; changed: boolean } | undefined> {
  const assignments = CHILD_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  return transaction(async (tx) => {
    const [before] = await tx.query(`select ${selectList} from children t where id = $1 for update`, [id]);
    if (!before) return undefined;
    const changed = changedColumns(before, child);
    if (changed.length === 0) return { row: before, changed: false };
    await tx.query(`update children set ${assignments}, file_copy = false where id = $1`, [
      id,
      ...CHILD_COLUMNS.map((column) => child[column]),
    ]);
    await childChanged(tx, actor, { id, slug: child.slug }, `edited: ${changed.join(', ')}`);
    const [after] = await tx.query(`select ${selectList} from children t where id = $1`, [id]);
    return { row: after!, changed: true };
  });
}

/** A child's history as staff read it. */
export interface ChildHistory {
  readonly consents: Record<string, unknown>[];
  readonly sponsorships: Record<string, unknown>[];
  readonly trail: { id: string; ts: Date; type: string; actor: string | null; change: string | null }[];
}

/** Every consent (withdrawn ones too), every sponsorship and the audit trail of the child `id`; undefined for none. */
export async function childHistory(id: string): Promise<ChildHistory | undefined> {
  const [child] = await query<ChildRef>('select id::text as id, slug from children where id = $1', [id]);
  if (!child) return undefined;
  const consents = await query(
    `select id::text as id, ts, guardian_name, guardian_relation, given_on::text as given_on,
       valid_until::text as valid_until, covers, form_ref, recorded_by, withdrawn_at, withdrawn_by, withdrawal_note,
       wording_version
     from child_consents where child_id = $1 order by id desc`,
    [id],
  );
  const sponsorships = await query(
    `select id::text as id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, state, started_at,
       ended_at, gift_ref, created_by
     from sponsorships where child_id = $1 order by id desc`,
    [child.slug],
  );
  const trail = await query<{ id: string; ts: Date; type: string; actor: string | null; change: string | null }>(
    `select id::text as id, ts, type, payload->>'actor' as actor, payload->>'change' as change
     from events where type like 'admin.children.%' and payload->>'child' = $1 order by id desc limit 200`,
    [child.slug],
  );
  return { consents, sponsorships, trail: trail.map(plainTrailEntry) };
}

/** The name and site id of the child `id`, as their consent form is made out; undefined for none. */
export async function childNamed(id: string): Promise<{ name: string; slug: string } | undefined> {
  const [child] = await query<{ name: string; slug: string }>('select name, slug from children where id = $1', [id]);
  return child;
}
