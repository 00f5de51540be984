/**
 * Storing what the rules of commitments (commitment-rules.ts) decided: new states, in one statement for any number of
 * commitments (the daily run settles thousands), and the events Recent Activity and the live stream learn them from.
 */
import { formatMoney } from '../../../../src/lib/money.ts';
import type { Queryable } from '../platform/db.ts';
import { type CommitmentRow, type CommitmentState, COMMITMENT_COLUMNS } from './commitment-rules.ts';

/**
 * Stores new states of commitments whose rows the caller holds, in one statement however many: a sponsorship that
 * has just lapsed asks staff to contact the sponsor, and every change is an event for Recent Activity and the live
 * stream. Returns the changed rows in the order given.
 */
export async function storeStates(
  tx: Queryable,
  changes: readonly { readonly commitment: CommitmentRow; readonly state: CommitmentState }[],
  now: Date,
): Promise<CommitmentRow[]> {
  if (changes.length === 0) return [];
  const rows = await tx.query<CommitmentRow>(
    `update commitments set state = s.new_state, state_since = $4, updated_at = now(),
       contact_due_at = case when s.ask then $4 else contact_due_at end,
       contact_done_at = case when s.ask then null else contact_done_at end,
       contact_done_by = case when s.ask then null else contact_done_by end
     from unnest($1::text[], $2::text[], $3::boolean[]) as s(change_id, new_state, ask)
     where id = s.change_id::bigint returning ${COMMITMENT_COLUMNS}`,
    [
      changes.map(({ commitment }) => commitment.id),
      changes.map(({ state }) => state),
      changes.map(
        ({ commitment, state }) =>
          state === 'lapsed' && commitment.kind === 'sponsorship' && commitment.sponsorship_id !== null,
      ),
      now,
    ],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const changed = changes.map(({ commitment }) => byId.get(commitment.id) ?? commitment);
  await commitmentEvents(
    tx,
    changed.map((commitment) => ({ type: `commitment.${commitment.state}`, commitment })),
  );
  return changed;
}

/** Recent Activity and the live stream learn of a commitment's change from this event (no personal details). */
export async function commitmentEvent(tx: Queryable, type: string, commitment: CommitmentRow): Promise<void> {
  await commitmentEvents(tx, [{ type, commitment }]);
}

/** Events of {@link commitmentEvent} for several commitments, in one statement and in the order given. */
async function commitmentEvents(
  tx: Queryable,
  events: readonly { readonly type: string; readonly commitment: CommitmentRow }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `insert into events (type, payload)
     select type, payload::jsonb from unnest($1::text[], $2::text[]) with ordinality as e(type, payload, n) order by n`,
    [
      events.map(({ type }) => type),
      events.map(({ commitment }) =>
        JSON.stringify({
          commitmentId: commitment.id,
          kind: commitment.kind,
          child: commitment.child_id,
          amount: formatMoney(commitment.amount_subunits, commitment.currency),
        }),
      ),
    ],
  );
}
