/** `/api/admin/blog[/<id>]`: list, read, create, update and delete blog posts; publishing asks for a site build. */
import type { Config } from '@netlify/functions';
import { BlogPostSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/admin-resource.ts';
import { publishable } from './_shared/publishing.ts';
import { SITE_STATE_COLUMNS } from './_shared/site-builds.ts';

export default resourceFunction({
  resource: 'blog',
  table: 'blog_posts',
  columns: ['title', 'slug', 'excerpt', 'content', 'cover', 'alt', 'category', 'author', 'date', 'tags', 'status'],
  noun: 'post',
  edit: { single: 'post', schema: BlogPostSchema },
  deletable: true,
  auditColumns: ['title', 'slug', 'status'],
  select: SITE_STATE_COLUMNS,
  ...publishable('blog', 'cover'),
});

export const config: Config = { path: ['/api/admin/blog', '/api/admin/blog/:id'] };
