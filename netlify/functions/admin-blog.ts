/**
 * `/api/admin/blog[/<id>]`: list, read, create, update and delete blog posts; publishing asks for a site build.
 * Listing first copies the stories that shipped as files (shipped-content.ts), so staff edit those too. A
 * changed slug keeps the old address (the database records it, and each build redirects it to the new one); the
 * change is audited with both addresses.
 */
import type { Config } from '@netlify/functions';
import { BlogPostSchema } from '../../src/schemas/admin.ts';
import { resourceFunction, staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import type { Queryable } from './_shared/platform/db.ts';
import { publishable } from './_shared/content/publishing.ts';
import { copyShipped, markEdited } from './_shared/content/shipped-content.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

/** Audits the address change this transaction's update made, if it made one (the trigger recorded it just now). */
async function auditSlugChange(tx: Queryable, row: Record<string, unknown>, actor: string): Promise<void> {
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

const resource = resourceFunction({
  resource: 'blog',
  table: 'blog_posts',
  columns: ['title', 'slug', 'excerpt', 'content', 'cover', 'alt', 'category', 'author', 'date', 'tags', 'status'],
  noun: 'post',
  edit: { single: 'post', schema: BlogPostSchema },
  deletable: true,
  auditColumns: ['title', 'slug', 'status'],
  select: [...SITE_STATE_COLUMNS, 'file_copy'],
  within: async (tx, op, row, actor) => {
    if (op === 'update') await auditSlugChange(tx, row, actor);
    await markEdited('blog', tx, op, row);
  },
  ...publishable('blog', 'cover'),
});

/** Listing first copies the stories that shipped as files, once. */
export default staffFunction(async (req, _actor, context) => {
  if (req.method === 'GET' && context.params['id'] === undefined) await copyShipped('blog');
  return resource(req, context);
});

export const config: Config = { path: ['/api/admin/blog', '/api/admin/blog/:id'] };
