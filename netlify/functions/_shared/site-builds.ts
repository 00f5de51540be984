/**
 * The record of site builds (`site_builds`), from which the dashboard tells whether an item's last change is
 * live. Each row says what happened and `content_at`, the moment of database content it covers: a build hook
 * request, a hook call, a finished build (recorded by the local builder, or by Netlify's deploy-succeeded /
 * deploy-failed events) or a failure. An item whose `site_changed_at` is at or before the `content_at` of a
 * successful build is live; of a failure, failed; otherwise a build is on its way.
 */
import { query, type DatabaseTarget } from './db.ts';

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

/**
 * Records a Netlify deploy event (the body of a deploy-succeeded / deploy-failed function: `{ payload: deploy }`).
 * Only production deploys count; `created_at` is when the deploy was created, so the content it built is at
 * least that new. Answers 204, or 400 for a body that is not a deploy.
 */
export async function recordDeployEvent(req: Request, event: 'succeeded' | 'failed'): Promise<Response> {
  let deploy: Record<string, unknown> | undefined;
  try {
    const body = (await req.json()) as { payload?: Record<string, unknown> };
    deploy = body.payload;
  } catch {
    deploy = undefined;
  }
  const createdAt = typeof deploy?.['created_at'] === 'string' ? new Date(deploy['created_at']) : undefined;
  if (!deploy || !createdAt || Number.isNaN(createdAt.getTime())) {
    return new Response('Expected a Netlify deploy event', { status: 400 });
  }
  if (deploy['context'] === 'production') {
    const message = typeof deploy['error_message'] === 'string' ? deploy['error_message'] : '';
    await recordBuild(event, {
      contentAt: createdAt,
      message: event === 'failed' ? `The Netlify build failed: ${message || 'see the deploy log'}` : '',
    });
  }
  return new Response(null, { status: 204 });
}
