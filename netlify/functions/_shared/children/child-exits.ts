/**
 * A child leaving the programme. Staff record the exit on the child's record (planned or not, the day, and a reason
 * kept for staff alone); in the same transaction the child is marked `left`, so the next build shows them on no
 * page, their sponsor record ends, and each of their sponsorship commitments pauses (no reminders, no late or lapsed
 * state) with an offer to its sponsor (exit-offers.ts) emailed through the outbox. After the commit each card
 * commitment's Paystack subscription is disabled and the rebuild is asked for.
 */
import { nairobiToday } from '../../../../src/lib/events.ts';
import type { ChildExitAnswer, ChildExitInput } from '../../../../src/schemas/child-exits.ts';
import { EXIT_KIND_LABELS } from '../../../../src/schemas/child-exits.ts';
import type { Background } from '../content/build-hook.ts';
import { childChanged, rebuildForChild, waitingChildren } from './children.ts';
import { COMMITMENT_COLUMNS, type CommitmentRow } from '../gifts/commitment-rules.ts';
import { settleState } from '../gifts/commitments.ts';
import { query, transaction } from '../platform/db.ts';
import { CHILDREN_OFFERED, queueOfferEmail } from './exit-offers.ts';
import { logFailure } from '../platform/log.ts';
import { knownCardKeys } from '../gifts/card-keys.ts';
import { disableSubscription, paystackConfig, PaystackError } from '../gifts/paystack.ts';

/** What recording an exit came to. */
export type ExitOutcome =
  { ok: true; paused: number; emailed: number } | { ok: false; status: 404 | 409; message: string };

/**
 * Records that child `childId` left the programme, as staff member `actor` wrote it at `now`: the child leaves every
 * public page at the rebuild this asks for, their sponsor record ends, and each of their running sponsorship
 * commitments pauses and its sponsor is emailed the offer. 409 when the exit is already recorded.
 */
export async function recordExit(
  childId: string,
  exit: ChildExitInput,
  actor: string,
  now: Date = new Date(),
  background: Background = {},
): Promise<ExitOutcome> {
  const [known] = await query<{ slug: string }>('select slug from children where id = $1', [childId]);
  if (!known) return { ok: false, status: 404, message: 'Child not found' };
  const waiting = await waitingChildren(CHILDREN_OFFERED, [known.slug], nairobiToday(now));
  const outcome = await transaction(async (tx) => {
    const [child] = await tx.query<{ id: string; slug: string; name: string }>(
      'select id::text as id, slug, name from children where id = $1 for update',
      [childId],
    );
    if (!child) return undefined;
    const [already] = await tx.query('select 1 from child_exits where child_id = $1', [childId]);
    if (already) return 'recorded' as const;
    const [recorded] = await tx.query<{ id: string }>(
      `insert into child_exits (child_id, kind, reason, left_on, recorded_by, recorded_at)
       values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
      [childId, exit.kind, exit.reason, exit.left_on, actor, now],
    );
    await tx.query(`update children set programme = 'left' where id = $1`, [childId]);
    await tx.query(
      `update sponsorships set state = 'ended', ended_at = $2, updated_at = now() where child_id = $1 and state = 'active'`,
      [child.slug, now],
    );
    const commitments = await tx.query<CommitmentRow>(
      `select ${COMMITMENT_COLUMNS} from commitments
       where child_id = $1 and kind = 'sponsorship' and state not in ('pending', 'ended') order by id for update`,
      [child.slug],
    );
    const cards: { offer: string; commitment: string; code: string }[] = [];
    let emailed = 0;
    for (const commitment of commitments) {
      const [paused] = await tx.query<CommitmentRow>(
        `update commitments set paused_at = coalesce(paused_at, $2), updated_at = now() where id = $1
         returning ${COMMITMENT_COLUMNS}`,
        [commitment.id, now],
      );
      await settleState(tx, paused ?? commitment, now);
      const [offer] = await tx.query<{ id: string; commitment_id: string }>(
        `insert into exit_offers (exit_id, commitment_id, emailed_at) values ($1, $2, $3)
         returning id::text as id, commitment_id::text as commitment_id`,
        [recorded!.id, commitment.id, now],
      );
      if (!offer) continue;
      if (await queueOfferEmail(tx, offer, commitment, child.name, waiting, 'notice')) emailed += 1;
      if (commitment.method === 'card' && commitment.subscription_code) {
        cards.push({ offer: offer.id, commitment: commitment.id, code: commitment.subscription_code });
      }
    }
    // The reason stays in the exit's own row: the history says only what happened.
    await childChanged(
      tx,
      actor,
      child,
      `left the programme (${EXIT_KIND_LABELS[exit.kind].toLowerCase()}) on ${exit.left_on}: taken off the site; ${commitments.length === 1 ? '1 sponsorship' : `${commitments.length} sponsorships`} paused and the sponsor told`,
    );
    return { slug: child.slug, paused: commitments.length, emailed, cards };
  });
  if (outcome === undefined) return { ok: false, status: 404, message: 'Child not found' };
  if (outcome === 'recorded') {
    return { ok: false, status: 409, message: "This child's exit is already recorded" };
  }
  for (const card of outcome.cards) await stopCard(card.offer, card.commitment, card.code);
  await rebuildForChild(outcome.slug, 'left the programme', background);
  return { ok: true, paused: outcome.paused, emailed: outcome.emailed };
}

/**
 * Disables the Paystack subscription `code` of a paused card commitment and notes on its offer that it was done, or
 * why it could not be (staff see it on the child's record).
 */
async function stopCard(offerId: string, commitmentId: string, code: string): Promise<void> {
  const config = paystackConfig();
  let problem: string | null = null;
  if (!config) problem = 'Paystack is not configured: disable the subscription on Paystack.';
  else {
    try {
      const keys = await knownCardKeys(config, commitmentId, code);
      if (keys.emailToken) await disableSubscription(config, code, keys.emailToken);
      else problem = 'Paystack gave no email token: disable the subscription on Paystack.';
    } catch (failure) {
      if (!(failure instanceof PaystackError)) throw failure;
      logFailure(`child exit: disabling subscription ${code}`, failure);
      problem = `Paystack refused to disable the subscription (${failure.message}): disable it on Paystack.`;
    }
  }
  await query(
    `update exit_offers set subscription_disabled_at = case when $2::text is null then now() end,
       subscription_problem = $2 where id = $1`,
    [offerId, problem],
  );
}

/** The child's exit with each sponsor's choice, for /samu; `exit` is null when the child has not left. */
export async function childExit(childId: string): Promise<ChildExitAnswer | undefined> {
  const [child] = await query<{ id: string }>('select id::text as id from children where id = $1', [childId]);
  if (!child) return undefined;
  const [exit] = await query<{
    id: string;
    kind: 'planned' | 'unplanned';
    reason: string;
    left_on: string;
    recorded_by: string;
    recorded_at: Date;
  }>(
    `select id::text as id, kind, reason, left_on::text as left_on, recorded_by, recorded_at
     from child_exits where child_id = $1`,
    [childId],
  );
  if (!exit) return { exit: null };
  const offers = await query<{
    commitment_id: string;
    sponsor_name: string | null;
    method: string;
    emailed_at: Date;
    reminded_at: Date | null;
    subscription_disabled_at: Date | null;
    subscription_problem: string | null;
    choice: 'waiting' | 'moved' | 'ended' | 'unanswered';
    moved_to_name: string | null;
    chosen_at: Date | null;
  }>(
    `select o.commitment_id::text as commitment_id, c.donor_name as sponsor_name, c.method, o.emailed_at,
       o.reminded_at, o.subscription_disabled_at, o.subscription_problem, o.choice,
       (select ch.name from children ch where ch.slug = o.moved_to) as moved_to_name, o.chosen_at
     from exit_offers o join commitments c on c.id = o.commitment_id
     where o.exit_id = $1 order by o.id`,
    [exit.id],
  );
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    exit: {
      kind: exit.kind,
      reason: exit.reason,
      left_on: exit.left_on,
      recorded_by: exit.recorded_by,
      recorded_at: exit.recorded_at.toISOString(),
      offers: offers.map((offer) => ({
        ...offer,
        emailed_at: offer.emailed_at.toISOString(),
        reminded_at: iso(offer.reminded_at),
        subscription_disabled_at: iso(offer.subscription_disabled_at),
        chosen_at: iso(offer.chosen_at),
      })),
    },
  };
}
