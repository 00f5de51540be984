/**
 * Sponsorships staff record and end by hand in /samu (a sponsor who pays outside the site): each keeps the
 * sponsor's commitment in step and the child's programme state, audited on the child's trail under the child's lock.
 */
import type { z } from 'zod';
import type { SponsorshipSchema } from '../../../../src/schemas/children.ts';
import { commitmentForStaffSponsorship, sponsorshipEndedByStaff } from '../gifts/commitment-decisions.ts';
import { transaction } from '../platform/db.ts';
import { lockChild, type ChildRef } from './child-records.ts';
import { childChanged } from './children.ts';

/** A sponsorship as staff enter it. */
type SponsorshipInput = z.output<typeof SponsorshipSchema>;

/**
 * Records an active sponsorship of the child `id` and puts the child in the programme: the child, `missing` for an
 * unknown child, `taken` when the child has an active sponsorship already.
 */
export async function recordSponsorship(
  id: string,
  given: SponsorshipInput,
  actor: string,
): Promise<ChildRef | 'missing' | 'taken'> {
  return transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const [active] = await tx.query('select 1 from sponsorships where child_id = $1 and state = $2', [
      child.slug,
      'active',
    ]);
    if (active) return 'taken' as const;
    const [made] = await tx.query<{ id: string }>(
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, started_at, created_by)
       values ($1, $2, nullif($3, ''), $4, $5, $6, coalesce(nullif($7, '')::timestamptz, now()), $8)
       returning id::text as id`,
      [
        child.slug,
        given.sponsor_name,
        given.sponsor_email,
        given.amount * 100,
        given.currency,
        given.frequency,
        given.since,
        `staff:${actor}`,
      ],
    );
    if (made) await commitmentForStaffSponsorship(tx, made.id, new Date());
    await tx.query(`update children set programme = 'in' where id = $1`, [id]);
    await childChanged(
      tx,
      actor,
      child,
      `sponsored (${given.frequency}, ${given.currency} ${given.amount}), recorded by staff`,
    );
    return child;
  });
}

/**
 * Ends the active sponsorship of the child `id`; with `left`, the child leaves the programme, else waits again: the
 * child, `missing` for an unknown child, `none` when no sponsorship was active.
 */
export async function endSponsorship(id: string, left: boolean, actor: string): Promise<ChildRef | 'missing' | 'none'> {
  return transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const ended = await tx.query(
      `update sponsorships set state = 'ended', ended_at = now(), updated_at = now()
       where child_id = $1 and state = 'active' returning id::text as id`,
      [child.slug],
    );
    if (ended.length === 0) return 'none' as const;
    for (const row of ended) await sponsorshipEndedByStaff(tx, String(row['id']), `staff:${actor}`, new Date());
    if (left) await tx.query(`update children set programme = 'left' where id = $1`, [id]);
    await childChanged(
      tx,
      actor,
      child,
      left ? 'sponsorship ended: left the programme' : 'sponsorship ended: waiting again',
    );
    return child;
  });
}
