/**
 * What staff decide about a commitment in /samu (end, pause, resume, "the sponsor was contacted"), and the
 * commitments behind sponsorships staff record or end by hand.
 */
import { audit } from '../platform/audit.ts';
import { childChanged, rebuildForChild } from '../children/children.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import {
  COMMITMENT_STATES,
  type CommitmentState,
  type CommitmentRow,
  type InstalmentRow,
  COMMITMENT_COLUMNS,
  INSTALMENT_COLUMNS,
  nairobiDay,
  addMonths,
  instalmentState,
} from './commitment-rules.ts';
import { COMMITMENT_PAGE_MAX } from '../../../../src/schemas/commitments.ts';
import { lockCommitment, settleState } from './commitments.ts';

/** What staff may do to a commitment. */
export const STAFF_ACTIONS = ['end', 'pause', 'resume', 'contacted'] as const;
/** One of {@link STAFF_ACTIONS}. */
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Ends a commitment the caller holds: by `by` (a staff member, `donor`, …) for `reason`. */
export async function endLocked(
  tx: Queryable,
  commitment: CommitmentRow,
  by: string,
  reason: string,
  now: Date,
): Promise<CommitmentRow> {
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set ended_at = $2, ended_by = $3, end_reason = $4, updated_at = now(),
       contact_done_at = case when contact_due_at is not null then coalesce(contact_done_at, $2) end,
       contact_done_by = case when contact_due_at is not null then coalesce(contact_done_by, $3) end
     where id = $1 returning ${COMMITMENT_COLUMNS}`,
    [commitment.id, now, by, reason],
  );
  return settleState(tx, row ?? commitment, now);
}

/**
 * A staff decision on a commitment, with its audit entry. Ending a sponsorship ends the child's sponsor record and
 * puts her back on the waiting lists (the rebuild is asked for after the commit). Undefined when there is no such
 * commitment; a string when the action does not fit its state.
 */
export async function staffDecision(
  commitmentId: string,
  action: StaffAction,
  actor: string,
  note: string,
  now: Date = new Date(),
  background: Parameters<typeof rebuildForChild>[2] = {},
): Promise<CommitmentRow | string | undefined> {
  const outcome = await transaction(async (tx) => {
    const commitment = await lockCommitment(tx, { commitmentId });
    if (!commitment) return undefined;
    if (commitment.state === 'ended') return 'This commitment has already ended.';
    let row: CommitmentRow;
    let childBack: string | null = null;
    if (action === 'end') {
      row = await endLocked(tx, commitment, actor, note || 'Ended by staff.', now);
      if (commitment.sponsorship_id) {
        const [ended] = await tx.query<{ child_id: string }>(
          `update sponsorships set state = 'ended', ended_at = $2, updated_at = now()
           where id = $1 and state = 'active' returning child_id`,
          [commitment.sponsorship_id, now],
        );
        if (ended) {
          childBack = ended.child_id;
          const [child] = await tx.query<{ id: string; slug: string }>(
            'select id::text as id, slug from children where slug = $1',
            [ended.child_id],
          );
          if (child)
            await childChanged(tx, actor, child, 'sponsorship ended: the sponsor stopped paying; waiting again');
        }
      }
    } else if (action === 'pause') {
      if (commitment.state === 'paused') return 'This commitment is already paused.';
      const [paused] = await tx.query<CommitmentRow>(
        `update commitments set paused_at = $2, updated_at = now() where id = $1 returning ${COMMITMENT_COLUMNS}`,
        [commitment.id, now],
      );
      row = await settleState(tx, paused ?? commitment, now);
    } else if (action === 'resume') {
      if (commitment.state !== 'paused') return 'Only a paused commitment can be resumed.';
      // The months of the pause are not owed: counting starts again with the next due day.
      const [resumed] = await tx.query<CommitmentRow>(
        `update commitments set paused_at = null, updated_at = now() where id = $1 returning ${COMMITMENT_COLUMNS}`,
        [commitment.id],
      );
      await tx.query(
        `delete from commitment_instalments where commitment_id = $1 and gift_id is null and due_on <= $2::date`,
        [commitment.id, nairobiDay(now)],
      );
      row = await settleState(tx, resumed ?? commitment, now);
    } else {
      if (!commitment.contact_due_at || commitment.contact_done_at) return 'No one is waiting to be contacted here.';
      const [done] = await tx.query<CommitmentRow>(
        `update commitments set contact_done_at = $2, contact_done_by = $3, updated_at = now() where id = $1
         returning ${COMMITMENT_COLUMNS}`,
        [commitment.id, now, actor],
      );
      row = done ?? commitment;
    }
    await audit(tx, 'admin.commitments.decide', actor, { id: commitment.id, action, note: note || null });
    return { row, childBack };
  });
  if (outcome === undefined || typeof outcome === 'string') return outcome;
  if (outcome.childBack) await rebuildForChild(outcome.childBack, 'sponsorship ended', background);
  return outcome.row;
}

/**
 * The commitment behind a sponsor record staff made by hand in Children (in their transaction): paid by hand
 * ("other"), its first instalment next month's, so no month before the record counts as missed. A one-time sponsor
 * record has none.
 */
export async function commitmentForStaffSponsorship(tx: Queryable, sponsorshipId: string, now: Date): Promise<void> {
  const today = nairobiDay(now);
  await tx.query(
    `insert into commitments (kind, child_id, donor_name, donor_email, amount_subunits, currency, method,
       interval_months, due_day, starts_on, state, sponsorship_id, created_at, state_since)
     select 'sponsorship', s.child_id, s.sponsor_name, s.sponsor_email, coalesce(s.amount_subunits, 100),
       coalesce(s.currency, 'KES'), 'other', case s.frequency when 'yearly' then 12 else 1 end, $2, $3::date, 'active',
       s.id, $4, $4
     from sponsorships s where s.id = $1 and s.frequency <> 'one-time'`,
    [sponsorshipId, Math.min(Number(today.slice(8, 10)), 28), addMonths(today, 1), now],
  );
}

/** Ends the commitment of a sponsor record staff ended in Children (in their transaction). */
export async function sponsorshipEndedByStaff(
  tx: Queryable,
  sponsorshipId: string,
  actor: string,
  now: Date,
): Promise<void> {
  const [row] = await tx.query<{ id: string }>(
    `select id::text as id from commitments where sponsorship_id = $1 and state <> 'ended'`,
    [sponsorshipId],
  );
  const commitment = row && (await lockCommitment(tx, { commitmentId: row.id }));
  if (commitment) await endLocked(tx, commitment, actor, 'The sponsorship was ended in Children.', now);
}

/** How many commitments a page of /samu's list holds. */
const COMMITMENT_PAGE = 50;
/** How many of a commitment's latest instalments the list shows. */
const RECENT_INSTALMENTS = 12;

/**
 * A page of commitments for /samu, newest first (those with ids below `before`, when given), and on the first page
 * the sponsors staff are asked to contact; each with its latest instalments' states at `now`. Keyset paging on the
 * key: every page costs the same however many commitments five years have made.
 */
export async function listCommitments(
  {
    before,
    limit = COMMITMENT_PAGE,
    now = new Date(),
  }: { before?: string | undefined; limit?: number | undefined; now?: Date } = {},
  db: Queryable = { query },
) {
  const page = await db.query<CommitmentRow>(
    before === undefined
      ? `select ${COMMITMENT_COLUMNS} from commitments c order by c.id desc limit $1`
      : `select ${COMMITMENT_COLUMNS} from commitments c where c.id < $2 order by c.id desc limit $1`,
    before === undefined ? [limit + 1] : [limit + 1, before],
  );
  const toContact =
    before === undefined
      ? await db.query<CommitmentRow>(
          `select ${COMMITMENT_COLUMNS} from commitments
           where contact_due_at is not null and contact_done_at is null and state <> 'ended'
           order by contact_due_at, commitments.id limit $1`,
          [COMMITMENT_PAGE_MAX],
        )
      : [];
  const shown = page.slice(0, limit);
  const instalments = await db.query<InstalmentRow>(
    `select ${INSTALMENT_COLUMNS} from (
       select i.*, row_number() over (partition by i.commitment_id order by i.period desc) as latest
       from commitment_instalments i where i.commitment_id = any($1::bigint[])) i
     where latest <= $2 order by commitment_id, period`,
    [[...new Set([...shown, ...toContact].map((row) => row.id))], RECENT_INSTALMENTS],
  );
  // Grouped once: looking each commitment's instalments up in the whole list grows with the square of the volume.
  const byCommitment = new Map<string, (InstalmentRow & { state: ReturnType<typeof instalmentState> })[]>();
  for (const instalment of instalments) {
    const group = byCommitment.get(instalment.commitment_id) ?? [];
    group.push({ ...instalment, state: instalmentState(instalment, now) });
    byCommitment.set(instalment.commitment_id, group);
  }
  const withInstalments = (rows: CommitmentRow[]) =>
    rows.map((commitment) => ({ ...commitment, instalments: byCommitment.get(commitment.id) ?? [] }));
  return {
    commitments: withInstalments(shown),
    toContact: withInstalments(toContact),
    next: page.length > limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** How many commitments are in each state (the overview's late and lapsed counts among them). */
export async function countCommitments(db: Queryable = { query }): Promise<Record<CommitmentState, number>> {
  const rows = await db.query<{ state: CommitmentState; count: number }>(
    'select state, count(*)::int as count from commitments group by state',
  );
  const counts = Object.fromEntries(COMMITMENT_STATES.map((state) => [state, 0])) as Record<CommitmentState, number>;
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
