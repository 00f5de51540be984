/**
 * The record of site builds (`site_builds`), from which the dashboard tells whether an item's last change is
 * live. Each row says what happened and `content_at`, the moment of database content it covers: a build hook
 * request, a hook call, a finished build (recorded by the local builder, or by Netlify's deploy events,
 * deploy-events.ts) or a failure. An item whose `site_changed_at` is at or before the `content_at` of a
 * successful build is live; of a failure, failed; otherwise a build is on its way.
 */
import type { DeploySucceededEvent } from '@netlify/functions';
import { query, type DatabaseTarget } from '../platform/db.ts';

/** What a `site_builds` row records. */
export type BuildEvent = 'requested' | 'triggered' | 'succeeded' | 'failed';

/** Longest failure message kept (a build log tail, a hook's answer). */
const MAX_MESSAGE = 500;

/** Records one build event; `contentAt` defaults to now. Returns the row id. */
export async function recordBuild(
  event: BuildEvent,
  options: { contentAt?: Date; message?: string; target?: DatabaseTarget } = {},
): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into site_builds (event, content_at, message) values ($1, coalesce($2::timestamptz, now()), $3)
     returning id::text as id`,
    [event, options.contentAt?.toISOString() ?? null, (options.message ?? '').slice(0, MAX_MESSAGE)],
    options.target,
  );
  if (!row) throw new Error('insert into site_builds returned no row');
  return row.id;
}

/**
 * Select-list expressions giving a program or post its `site_state` and `site_error` (used inside the
 * item's own query, whose columns `status` and `site_changed_at` they read).
 */
export const SITE_STATE_COLUMNS = [
  `case
     when site_changed_at is null then 'draft'
     when exists (select 1 from site_builds b where b.event = 'succeeded' and b.content_at >= site_changed_at)
       then case when status = 'published' then 'live' else 'draft' end
     when exists (select 1 from site_builds b where b.event = 'failed' and b.content_at >= site_changed_at)
       then 'failed'
     when status = 'published' then 'publishing'
     else 'unpublishing'
   end as site_state`,
  `(select b.message from site_builds b where b.event = 'failed' and b.content_at >= site_changed_at
    and not exists (select 1 from site_builds s where s.event = 'succeeded' and s.content_at >= site_changed_at)
    order by b.id desc limit 1) as site_error`,
  'site_changed_at',
  'updated_at',
] as const;

/** The deploy event the platform hands to a typed handler (every deploy event has this shape). */
export type DeployEvent = DeploySucceededEvent;

/** This site's Netlify id: `SITE_ID`, which Netlify sets for functions, else the invocation's context. */
export function ownSiteId(): string | undefined {
  const netlify = (globalThis as { Netlify?: { context?: { site?: { id?: string } } | null } }).Netlify;
  return process.env['SITE_ID'] || netlify?.context?.site?.id || undefined;
}

/**
 * Records a Netlify deploy event. Only a production deploy of this very site counts (its `site.id` and
 * `deploy.siteId` must both be {@link ownSiteId}); `createdAt` is when the deploy was created, so the content it
 * built is at least that new. Returns whether a row was written.
 */
export async function recordDeploy(event: DeployEvent, outcome: 'succeeded' | 'failed'): Promise<boolean> {
  const site = ownSiteId();
  const { deploy } = event;
  if (!site || event.site.id !== site || deploy.siteId !== site) {
    console.warn(`deploy-events: ignored a ${outcome} event of site ${event.site.id}, not this site`);
    return false;
  }
  const createdAt = new Date(deploy.createdAt);
  if (deploy.context !== 'production' || Number.isNaN(createdAt.getTime())) return false;
  await recordBuild(outcome, {
    contentAt: createdAt,
    message: outcome === 'failed' ? `The Netlify build failed: ${deploy.errorMessage || 'see the deploy log'}` : '',
  });
  return true;
}
