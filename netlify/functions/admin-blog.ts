/** `/api/admin/blog[/<id>]`: list, read, create, update and delete blog posts. */
import type { Config } from '@netlify/functions';
import { BlogPostSchema } from '../../src/schemas/admin.ts';
import { resourceFunction } from './_shared/admin-resource.ts';

export default resourceFunction({
  resource: 'blog',
  table: 'blog_posts',
  columns: ['title', 'slug', 'excerpt', 'content', 'cover'],
  noun: 'post',
  edit: { single: 'post', schema: BlogPostSchema },
  deletable: true,
  auditColumns: ['title', 'slug'],
});

export const config: Config = { path: ['/api/admin/blog', '/api/admin/blog/:id'] };
