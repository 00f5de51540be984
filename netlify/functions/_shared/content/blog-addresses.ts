/**
 * A story's earlier addresses: the database records each slug change (a trigger on `blog_posts` writes
 * `blog_slug_history`), and each build redirects the old address to the new one.
 */
import { audit } from '../platform/audit.ts';
import type { Queryable } from '../platform/db.ts';

/** Audits the address change this transaction's update of `row` made, if it made one (the trigger recorded it now). */
export async function auditSlugChange(tx: Queryable, row: Record<string, unknown>, actor: string): Promise<void> {
  const [changed] = await tx.query<{ old_slug: string }>(
    'select old_slug from blog_slug_history where post_id = $1 and changed_at = now()',
    [row['id']],
  );
  if (!changed) return;
  const slug = String(row['slug']);
  await audit(tx, 'admin.blog.update', actor, {
    id: row['id'],
    title: row['title'],
    slug,
    previous_slug: changed.old_slug,
    change: `address changed from /blog/${changed.old_slug}/ to /blog/${slug}/; the old address redirects after the next build`,
  });
}
