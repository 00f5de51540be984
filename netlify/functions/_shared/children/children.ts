/**
 * Children records: the copy of the committed seed file, each change's audit entry (what changed, never
 * a guardian's details), and the site build a change the public pages must show asks for. Consent and sponsorship
 * changes mark the child's `site_changed_at` like publishing does, so /samu tells when they are live.
 */
import type { Context } from '@netlify/functions';
import seed from '../../../../src/content/children.json' with { type: 'json' };
import { audit } from '../platform/audit.ts';
import { requestBuild, type Background } from '../content/build-hook.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { copySeed } from '../content/seed-copy.ts';
import { CHILDREN_SHOWN } from '../../../../src/lib/constants.ts';
import { ENDING_SOON_DAYS } from '../../../../src/lib/consent.ts';
import { nairobiToday } from '../../../../src/lib/events.ts';

/** What the history of a child copied from the site's first list says about that copy. */
export const SEED_CHANGE = "added from the website's first list of children, with their guardian's consent";

/**
 * A history entry as staff read it: the copy of the first list, which older databases stored with a file's path
 * and a made-up actor, is told like the copies stored now.
 */
export function plainTrailEntry<T extends { actor: string | null; change: string | null }>(entry: T): T {
  return entry.actor === 'seed file' ? { ...entry, actor: null, change: SEED_CHANGE } : entry;
}

/** A child of src/content/children.json as the seed copy reads it. */
type SeedChild = (typeof seed)[number];

/** The profile columns of a seed child at `position` in the file. */
function seedRow(child: SeedChild, position: number): Record<string, unknown> {
  return {
    slug: child.id,
    name: child.name,
    age: child.age,
    location: child.location,
    school: child.school,
    grade: child.grade,
    story: child.story,
    needs: child.needs,
    image: child.image,
    monthly_need: child.monthlyNeed,
    interests: child.interests,
    family: child.family,
    achievements: child.achievements,
    dream_job: child.dreamJob,
    position,
  };
}

/**
 * Copies the committed children the table does not hold yet, with their consent, as unchanged file copies (the
 * file's text keeps winning until someone edits the child in /samu). Idempotent: a child already copied, or one
 * with the same id made in the dashboard, is left alone.
 */
export async function copySeedChildren(): Promise<void> {
  await copySeed({
    table: 'children',
    seed,
    slugOf: (child) => child.id,
    row: seedRow,
    copied: async (tx, id, child) => {
      const { consent } = child;
      await tx.query(
        `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, form_ref, recorded_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'seed file')`,
        [id, consent.guardian, consent.relation, consent.givenOn, consent.validUntil, consent.covers, consent.formRef],
      );
      // No staff member did this: the event has no actor, and says where the child came from in words.
      await audit(tx, 'admin.children.create', null, { id, child: child.id, change: SEED_CHANGE });
    },
  });
}

/**
 * Select-list expressions of a child's current consent and sponsorship, read inside the child's own query
 * (its columns `id`, `slug` and `programme`).
 */
export const CHILD_STATE_COLUMNS = [
  `(select json_build_object('id', c.id::text, 'covers', c.covers, 'given_on', c.given_on::text,
      'valid_until', c.valid_until::text, 'form_ref', c.form_ref, 'guardian_name', c.guardian_name,
      'guardian_relation', c.guardian_relation)
    from child_consents c where c.child_id = t.id and c.withdrawn_at is null order by c.id desc limit 1) as consent`,
  `case when programme = 'left' then 'left'
     when exists (select 1 from sponsorships s where s.child_id = t.slug and s.state = 'active') then 'sponsored'
     else 'waiting' end as sponsorship_state`,
  // Whether the child is one of the first waiting children Home and /sponsor show: published, in the programme,
  // without an active sponsor, its latest consent covering the profile today, in the site's order (position, then a
  // record edited in /samu before a file copy, then id), as the next build will pick them.
  `t.id in (select w.id from children w
     where w.status = 'published' and w.programme = 'in'
       and not exists (select 1 from sponsorships s where s.child_id = w.slug and s.state = 'active')
       and coalesce((select c.given_on <= current_date and c.valid_until >= current_date and 'profile' = any (c.covers)
                     from child_consents c where c.child_id = w.id and c.withdrawn_at is null
                     order by c.id desc limit 1), false)
     order by w.position, w.file_copy, w.slug collate "C" limit ${CHILDREN_SHOWN}) as first_shown`,
] as const;

/**
 * Records one change to a child in the audit trail and marks the child changed on the site (when published), in
 * the caller's transaction. `change` says what changed in words; it never holds a guardian's or sponsor's details.
 */
export async function childChanged(
  tx: Queryable,
  actor: string,
  child: { id: string; slug: string },
  change: string,
): Promise<void> {
  await tx.query('update children set updated_at = now() where id = $1', [child.id]);
  await audit(tx, 'admin.children.update', actor, { id: child.id, child: child.slug, change });
}

/** Asks for a site build after a change to a child the public pages may show. */
export async function rebuildForChild(
  slug: string,
  what: string,
  background: Background | Context = {},
): Promise<void> {
  await requestBuild(`${what} for child ${slug}`, background);
}

/**
 * The hook the gifts code calls after it inserted an active `sponsorships` row for `childId` (the child's site id):
 * records the change on the child's trail and asks for the rebuild that takes the child off the waiting lists.
 */
export async function sponsorshipStarted(
  childId: string,
  createdBy: string,
  background: Background = {},
): Promise<void> {
  await transaction(async (tx) => {
    const [child] = await tx.query<{ id: string; slug: string }>(
      'select id::text as id, slug from children where slug = $1',
      [childId],
    );
    if (child) await childChanged(tx, createdBy, child, `sponsored (confirmed gift through ${createdBy})`);
  });
  await rebuildForChild(childId, 'sponsorship started', background);
}

/** A child by site id as the gift ledger needs it. */
export interface ProgrammeChild {
  readonly id: string;
  readonly name: string;
  /** The monthly need in KES. */
  readonly monthlyNeed: number;
  /** Published and still in the programme, so a gift may sponsor the child. */
  readonly sponsorable: boolean;
}

/**
 * The one answer to "which children exist" outside the pages: the record staff keep in /samu, else the child of the
 * committed seed file that no record has replaced yet.
 */
export async function programmeChild(slug: string, db: Queryable = { query }): Promise<ProgrammeChild | undefined> {
  const [row] = await db.query<{ slug: string; name: string; monthly_need: number; sponsorable: boolean }>(
    `select slug, name, monthly_need, status = 'published' and programme = 'in' as sponsorable
     from children where slug = $1`,
    [slug],
  );
  if (row) return { id: row.slug, name: row.name, monthlyNeed: row.monthly_need, sponsorable: row.sponsorable };
  const child = seed.find((candidate) => candidate.id === slug);
  return child && { id: child.id, name: child.name, monthlyNeed: child.monthlyNeed, sponsorable: true };
}

/** True while the child (site id) has an active sponsor: a checkout for them is refused. */
export async function hasActiveSponsor(slug: string, db: Queryable = { query }): Promise<boolean> {
  const [row] = await db.query<{ sponsored: boolean }>(
    `select exists (select 1 from sponsorships where child_id = $1 and state = 'active') as sponsored`,
    [slug],
  );
  return row?.sponsored === true;
}

/** A child waiting for a sponsor, as an offer names them. */
export interface WaitingChild {
  readonly id: string;
  readonly name: string;
  readonly age: number;
}

/**
 * Up to `limit` children still waiting for a sponsor, leaving out `except` (site ids): published, in the programme,
 * with no active sponsor and a consent covering their profile on `today`, in the site's order (as Home and /sponsor
 * list them).
 */
export async function waitingChildren(
  limit: number,
  except: readonly string[] = [],
  today: string = nairobiToday(),
): Promise<WaitingChild[]> {
  // Seed children no one has listed in /samu yet are copied first, so the table holds every child.
  await copySeedChildren();
  return query<WaitingChild>(
    `select slug as id, name, age from children t
     where status = 'published' and programme = 'in' and slug <> all ($1::text[])
       and not exists (select 1 from sponsorships s where s.child_id = t.slug and s.state = 'active')
       and coalesce((select c.given_on <= $2::date and c.valid_until >= $2::date and 'profile' = any (c.covers)
                     from child_consents c where c.child_id = t.id and c.withdrawn_at is null
                     order by c.id desc limit 1), false)
     order by position, file_copy, slug collate "C" limit $3`,
    [except, today, limit],
  );
}

/** A child still waiting for a sponsor to offer instead of `except`; undefined when every child has a sponsor. */
export async function waitingChild(except: string): Promise<{ id: string; name: string } | undefined> {
  const [child] = await waitingChildren(1, [except]);
  return child && { id: child.id, name: child.name };
}

/** The consents whose last day is between `today` and `days` days on, soonest first (the clock is the caller's). */
export async function consentsEnding(
  today: string,
  days: number = ENDING_SOON_DAYS,
  db: Queryable = { query },
): Promise<Record<string, unknown>[]> {
  return db.query(
    `select c.id::text as id, ch.id::text as child_id, ch.slug, ch.name, c.valid_until::text as valid_until,
       (c.valid_until - $1::date) as days_left, c.covers, c.form_ref
     from child_consents c join children ch on ch.id = c.child_id
     where c.withdrawn_at is null and ch.programme = 'in'
       and c.id = (select max(l.id) from child_consents l where l.child_id = c.child_id and l.withdrawn_at is null)
       and c.valid_until between $1::date and $1::date + $2::int
     order by c.valid_until, ch.slug`,
    [today, days],
  );
}
