/**
 * News of a sponsored child: drafts staff write, the consent gate a draft must pass to be published, the email each
 * sponsor gets, and what a sponsor may see of it on My giving. What a sponsor sees is decided on the day they look,
 * by the guardian's consent in force that day: a withdrawal hides every update published before it, a consent that
 * no longer covers photos or the school hides those, and an expired consent shows nothing.
 */
import { coveredOn, type ConsentPart } from '../../../../src/lib/consent.ts';
import { nairobiToday } from '../../../../src/lib/events.ts';
import {
  UPDATE_DUE_MONTHS,
  type ChildUpdateInput,
  type ChildUpdateRow,
  type ChildUpdatesAnswer,
  type Progress,
  type SponsorNewsAnswer,
} from '../../../../src/schemas/child-updates.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { enqueue } from '../platform/outbox.ts';
import { newsNotice, SPONSOR_LANGUAGE } from './sponsor-mail.ts';
import type { Locale } from '../../../../src/i18n/catalogue.ts';

/** The name sponsors see of a child: the first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The child's other names, which an update must not hold. */
function otherNames(name: string): string[] {
  return name
    .trim()
    .split(/\s+/)
    .slice(1)
    .filter((part) => part.length > 1);
}

type ChildConsent = {
  readonly covered: ReadonlySet<ConsentPart>;
  /** The last withdrawal of a consent of this child: updates published before it stay hidden. */
  readonly withdrawnAt: Date | null;
};

/** What the child's current consent covers on `today`, and when a consent of theirs was last withdrawn. */
async function childConsent(db: Queryable, childId: string, today: string): Promise<ChildConsent> {
  const [row] = await db.query<{
    covers: ConsentPart[] | null;
    given_on: string | null;
    valid_until: string | null;
    withdrawn_at: Date | null;
  }>(
    `select c.covers, c.given_on::text as given_on, c.valid_until::text as valid_until,
       (select max(w.withdrawn_at) from child_consents w where w.child_id = $1) as withdrawn_at
     from (select 1) one
     left join lateral (select covers, given_on, valid_until from child_consents
                        where child_id = $1 and withdrawn_at is null order by id desc limit 1) c on true`,
    [childId],
  );
  const consent =
    row?.covers && row.given_on && row.valid_until
      ? { covers: row.covers, givenOn: row.given_on, validUntil: row.valid_until }
      : null;
  return { covered: coveredOn(consent, today), withdrawnAt: row?.withdrawn_at ?? null };
}

const UPDATE_COLUMNS = `id::text as id, kind, update_on::text as update_on, body, photos, progress, state, created_by,
  published_at, published_by, emailed`;

type StoredUpdate = Omit<ChildUpdateRow, 'published_at'> & { published_at: Date | null };

const asRow = (update: StoredUpdate): ChildUpdateRow => ({
  ...update,
  published_at: update.published_at?.toISOString() ?? null,
});

/** The child's updates for /samu, newest first, with what the consent of `today` lets an update hold. */
export async function childUpdates(childId: string, today = nairobiToday()): Promise<ChildUpdatesAnswer | undefined> {
  const [child] = await query<{ name: string }>('select name from children where id = $1', [childId]);
  if (!child) return undefined;
  const [updates, consent] = await Promise.all([
    query<StoredUpdate>(`select ${UPDATE_COLUMNS} from child_updates where child_id = $1 order by id desc limit 200`, [
      childId,
    ]),
    childConsent({ query }, childId, today),
  ]);
  return {
    updates: updates.map(asRow),
    shown_name: firstName(child.name),
    allows: {
      publish: consent.covered.has('profile'),
      photos: consent.covered.has('photo'),
      school: consent.covered.has('school'),
    },
  };
}

/** Why a draft may not be published under the consent of `today`, in words for staff; empty when it may. */
export function consentProblems(
  draft: Pick<ChildUpdateInput, 'body' | 'photos' | 'progress'>,
  childName: string,
  covered: ReadonlySet<ConsentPart>,
): string[] {
  if (!covered.has('profile')) {
    return ["The guardian's consent has expired or was withdrawn: record a consent before publishing news."];
  }
  const problems: string[] = [];
  if (draft.photos.length > 0 && !covered.has('photo')) {
    problems.push("The guardian's consent does not cover photos: remove the pictures, or record a consent that does.");
  }
  if (draft.progress?.school && !covered.has('school')) {
    problems.push("The guardian's consent does not cover the school: leave the school out.");
  }
  const text = `${draft.body}\n${draft.progress ? [draft.progress.grade, draft.progress.attendance, ...draft.progress.achievements].join('\n') : ''}`;
  for (const name of otherNames(childName)) {
    if (new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text)) {
      problems.push(`Use the first name only: remove "${name}".`);
    }
  }
  return problems;
}

/** Stores a new draft, or changes draft `updateId`; undefined when the child (or that draft) does not exist. */
export async function saveDraft(
  childId: string,
  draft: ChildUpdateInput,
  actor: string,
  updateId?: string,
): Promise<ChildUpdateRow | 'published' | undefined> {
  return transaction(async (tx) => {
    const [child] = await tx.query<{ slug: string }>('select slug from children where id = $1', [childId]);
    if (!child) return undefined;
    const values = [
      childId,
      draft.update_on,
      draft.body,
      draft.photos,
      draft.progress && JSON.stringify(draft.progress),
      draft.kind,
    ];
    let saved: StoredUpdate | undefined;
    if (updateId === undefined) {
      [saved] = await tx.query<StoredUpdate>(
        `insert into child_updates (child_id, update_on, body, photos, progress, kind, created_by)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7) returning ${UPDATE_COLUMNS}`,
        [...values, actor],
      );
    } else {
      const [current] = await tx.query<{ state: string }>(
        'select state from child_updates where id = $1 and child_id = $2 for update',
        [updateId, childId],
      );
      if (!current) return undefined;
      if (current.state !== 'draft') return 'published';
      [saved] = await tx.query<StoredUpdate>(
        `update child_updates set update_on = $2, body = $3, photos = $4, progress = $5::jsonb, kind = $6,
           updated_at = now()
         where id = $7 and child_id = $1 returning ${UPDATE_COLUMNS}`,
        [...values, updateId],
      );
    }
    await audit(tx, 'admin.children.update', actor, {
      id: childId,
      child: child.slug,
      change: updateId === undefined ? 'news written for the sponsor (draft)' : 'news changed for the sponsor (draft)',
    });
    return saved && asRow(saved);
  });
}

/** What publishing a draft came to. */
export type PublishOutcome =
  { ok: true; update: ChildUpdateRow } | { ok: false; status: 404 | 409; message: string; issues?: string[] };

/**
 * Publishes draft `updateId` of the child when the consent of `today` allows all it holds, and queues one email to
 * each current sponsor who has not stopped them, in the same transaction.
 */
export async function publishUpdate(
  childId: string,
  updateId: string,
  actor: string,
  today = nairobiToday(),
): Promise<PublishOutcome> {
  return transaction(async (tx): Promise<PublishOutcome> => {
    const [found] = await tx.query<{
      slug: string;
      name: string;
      state: string;
      body: string;
      photos: string[];
      progress: Progress | null;
      kind: 'news' | 'reply';
    }>(
      `select ch.slug, ch.name, u.state, u.body, u.photos, u.progress, u.kind
       from child_updates u join children ch on ch.id = u.child_id
       where u.id = $1 and u.child_id = $2 for update of u`,
      [updateId, childId],
    );
    if (!found) return { ok: false, status: 404, message: 'No such update of this child' };
    if (found.state !== 'draft') return { ok: false, status: 409, message: 'This update is already published' };
    const problems = consentProblems(found, found.name, (await childConsent(tx, childId, today)).covered);
    if (problems.length > 0) {
      return { ok: false, status: 409, message: 'This update cannot be published yet', issues: problems };
    }
    const sponsors = await tx.query<{ id: string; sponsor_name: string; sponsor_email: string; language: Locale }>(
      `select s.id::text as id, s.sponsor_name, s.sponsor_email, ${SPONSOR_LANGUAGE} as language from sponsorships s
       where s.child_id = $1 and s.state = 'active' and s.sponsor_email is not null and s.update_emails`,
      [found.slug],
    );
    let emailed = 0;
    for (const sponsor of sponsors) {
      const added = await enqueue(tx, {
        kind: 'message',
        dedupKey: `child-update:${updateId}:${sponsor.id}`,
        source: 'child_update',
        notice: newsNotice(sponsor.sponsor_name, firstName(found.name), childId, found.kind, sponsor.language),
        recipients: [sponsor.sponsor_email],
      });
      if (added) emailed += 1;
    }
    const [update] = await tx.query<StoredUpdate>(
      `update child_updates set state = 'published', published_at = now(), published_by = $2, emailed = $3,
         updated_at = now()
       where id = $1 returning ${UPDATE_COLUMNS}`,
      [updateId, actor, emailed],
    );
    await audit(tx, 'admin.children.update', actor, {
      id: childId,
      child: found.slug,
      change: `news published to the sponsor (${emailed === 1 ? '1 email' : `${emailed} emails`})`,
    });
    return { ok: true, update: asRow(update!) };
  });
}

/** One update as its sponsor may see it today. */
export interface SponsorUpdate {
  readonly id: string;
  readonly kind: 'news' | 'reply';
  readonly updateOn: string;
  readonly body: string;
  readonly photoCount: number;
  readonly progress: (Omit<Progress, 'school'> & { school?: string }) | null;
}

/** A sponsored child's news as their sponsor may see it today. */
export interface SponsoredChildNews {
  readonly sponsorshipId: string;
  readonly child: string;
  readonly updateEmails: boolean;
  readonly updates: readonly SponsorUpdate[];
}

/**
 * The news of every child `email` sponsors now, newest first, as the consent of `today` allows: nothing while no
 * consent is in force, nothing published before the last withdrawal, no pictures without photo consent and no
 * school without school consent.
 */
export async function sponsorNews(email: string, today = nairobiToday()): Promise<SponsoredChildNews[]> {
  const children = await query<{ sponsorship_id: string; child_id: string; name: string; update_emails: boolean }>(
    `select s.id::text as sponsorship_id, ch.id::text as child_id, ch.name, s.update_emails
     from sponsorships s join children ch on ch.slug = s.child_id
     where s.state = 'active' and lower(s.sponsor_email) = lower($1)
     order by s.started_at`,
    [email],
  );
  return Promise.all(
    children.map(async (child) => {
      const consent = await childConsent({ query }, child.child_id, today);
      const updates = consent.covered.has('profile')
        ? await query<{
            id: string;
            kind: 'news' | 'reply';
            update_on: string;
            body: string;
            photos: string[];
            progress: Progress | null;
          }>(
            `select id::text as id, kind, update_on::text as update_on, body, photos, progress from child_updates
             where child_id = $1 and state = 'published' and ($2::timestamptz is null or published_at > $2)
             order by update_on desc, id desc limit 50`,
            [child.child_id, consent.withdrawnAt],
          )
        : [];
      return {
        sponsorshipId: child.sponsorship_id,
        child: firstName(child.name),
        updateEmails: child.update_emails,
        updates: updates.map((update) => {
          const { school, ...progress } = update.progress ?? { school: '' };
          return {
            id: update.id,
            kind: update.kind,
            updateOn: update.update_on,
            body: update.body,
            photoCount: consent.covered.has('photo') ? update.photos.length : 0,
            progress: update.progress
              ? {
                  ...(progress as Omit<Progress, 'school'>),
                  ...(consent.covered.has('school') && school ? { school } : {}),
                }
              : null,
          };
        }),
      };
    }),
  );
}

/**
 * Picture `index` of update `updateId` when `email` sponsors its child and may see it today; the Media path to
 * read it from, or undefined.
 */
export async function sponsorPhotoPath(
  email: string,
  updateId: string,
  index: number,
  today = nairobiToday(),
): Promise<string | undefined> {
  const [row] = await query<{ child_id: string; photos: string[]; published_at: Date }>(
    `select u.child_id::text as child_id, u.photos, u.published_at
     from child_updates u join children ch on ch.id = u.child_id
     join sponsorships s on s.child_id = ch.slug and s.state = 'active' and lower(s.sponsor_email) = lower($2)
     where u.id = $1 and u.state = 'published'`,
    [updateId, email],
  );
  if (!row) return undefined;
  const consent = await childConsent({ query }, row.child_id, today);
  if (!consent.covered.has('photo')) return undefined;
  if (consent.withdrawnAt && row.published_at <= consent.withdrawnAt) return undefined;
  return row.photos[index];
}

/** Starts or stops the news emails of sponsorship `id` of `email`; false when it is not theirs. */
export async function setNewsEmails(email: string, id: string, on: boolean): Promise<boolean> {
  const changed = await query(
    `update sponsorships set update_emails = $3, updated_at = now()
     where id = $1 and state = 'active' and lower(sponsor_email) = lower($2) returning id`,
    [id, email, on],
  );
  return changed.length > 0;
}

/**
 * Each active sponsorship with its child and when its sponsor last heard anything (`last_heard`): the last news
 * published, else the start of the sponsorship. The one rule both the Letters tab and the inbox read.
 */
export const SPONSORSHIPS_LAST_HEARD = `select ch.id::text as child_id, ch.name, s.sponsor_name,
    coalesce(news.at, s.started_at) as last_heard, news.at is not null as last_news
  from sponsorships s join children ch on ch.slug = s.child_id
  left join lateral (select max(u.published_at) as at from child_updates u
                     where u.child_id = ch.id and u.state = 'published') news on true
  where s.state = 'active'`;

/** Every sponsored child, longest silence first; due after {@link UPDATE_DUE_MONTHS} months by `now`. */
export async function sponsorNewsDue(now = new Date()): Promise<SponsorNewsAnswer> {
  const rows = await query<{
    child_id: string;
    name: string;
    sponsor_name: string;
    last_heard: Date;
    last_news: boolean;
    due: boolean;
  }>(
    `select heard.*, last_heard <= $1::timestamptz - make_interval(months => $2) as due
     from (${SPONSORSHIPS_LAST_HEARD}) heard
     order by last_heard, child_id::bigint limit 500`,
    [now, UPDATE_DUE_MONTHS],
  );
  return { children: rows.map((row) => ({ ...row, last_heard: row.last_heard.toISOString() })) };
}
