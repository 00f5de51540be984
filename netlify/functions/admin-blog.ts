/**
 * `/api/admin/blog[/<id>]`: list, read, create, update and delete blog posts; publishing asks for a site build.
 * Listing first copies the stories that shipped as files (shipped-content.ts), so staff edit those too. A
 * changed slug keeps the old address (the database records it, and each build redirects it to the new one); the
 * change is audited with both addresses.
 */
import type { Config } from '@netlify/functions';
import { BlogPostSchema } from '../../src/schemas/admin.ts';
import { resourceFunction, staffFunction } from './_shared/platform/admin-resource.ts';
import { auditSlugChange } from './_shared/content/blog-addresses.ts';
import { publishable } from './_shared/content/publishing.ts';
import { copyShipped, markEdited } from './_shared/content/shipped-content.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

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
