/**
 * What makes blog posts and programs publishable from the dashboard, on top of the generic admin resource:
 * slugs never collide with the committed files or pages (409), a published item's pictures must exist in
 * Media (400), and a change the public site must show asks for a site build (build-hook.ts).
 */
import type { Context } from '@netlify/functions';
import { mediaPaths } from '../../../../src/lib/media-paths.ts';
import { PROGRAM_PAGES } from '../../../../src/lib/program-pages.ts';
import { SHIPPED_PICTURE } from '../../../../src/schemas/admin.ts';
import type { ResourceAction } from '../platform/audit.ts';
import { query } from '../platform/db.ts';
import { requestBuild } from './build-hook.ts';
import { error } from '../platform/http.ts';
import { isCopiedSlug, isShippedPicture } from './shipped-content.ts';
import type { ResourceSpec, ResourceWrite } from '../platform/admin-resource.ts';

/** Which public collection an admin resource feeds. */
export type PublishedKind = 'blog' | 'programs';

/**
 * The committed file (or page) using `slug` under /<kind>/, if any. File slugs are recorded by every build's
 * content loader (`content_files`), so functions never read the content files themselves.
 */
export async function slugOwner(kind: PublishedKind, slug: string): Promise<string | undefined> {
  if (kind === 'programs' && (PROGRAM_PAGES as readonly string[]).includes(slug)) {
    return `src/pages/programs/${slug}.astro`;
  }
  const [file] = await query<{ path: string }>('select path from content_files where kind = $1 and slug = $2', [
    kind,
    slug,
  ]);
  return file?.path;
}

/**
 * 409 when a page of the site, or a file never copied into /samu, already uses the slug. A copied file's address
 * belongs to its record, which may keep it or give it up.
 */
async function slugClash(kind: PublishedKind, slug: unknown): Promise<Response | undefined> {
  if (typeof slug !== 'string') return undefined;
  const file = await slugOwner(kind, slug);
  if (!file || (!file.endsWith('.astro') && (await isCopiedSlug(kind, slug)))) return undefined;
  const what = kind === 'blog' ? 'another story' : 'another program or page';
  const message = `The address /${kind}/${slug}/ is already used by ${what} of the site; choose another slug`;
  return error(409, message, [{ path: 'slug', message }]);
}

/** 400 when a published item's picture is neither in Media nor the picture one of the shipped items came with. */
async function pictureMissing(
  kind: PublishedKind,
  values: Record<string, unknown>,
  imageField: string,
): Promise<Response | undefined> {
  const picture = values[imageField];
  if (typeof picture === 'string' && SHIPPED_PICTURE.test(picture)) {
    if (await isShippedPicture(kind, picture)) return missingMedia({ ...values, [imageField]: '' }, imageField);
    const message = 'Pick the picture from Media (an address like /media/1/photo.jpg)';
    return error(400, message, [{ path: imageField, message }]);
  }
  return missingMedia(values, imageField);
}

/** 400 when a published item points at a picture that is not (or no longer) in Media. */
export async function missingMedia(values: Record<string, unknown>, imageField: string): Promise<Response | undefined> {
  if (values['status'] !== 'published') return undefined;
  const image = typeof values[imageField] === 'string' ? values[imageField] : '';
  const content = typeof values['content'] === 'string' ? values['content'] : '';
  const wanted = [...new Set([image, ...mediaPaths(content)].filter((path) => path !== ''))];
  if (wanted.length === 0) return undefined;
  const found = await query<{ path: string }>(
    `select '/media/' || id || '/' || name as path from uploads where '/media/' || id || '/' || name = any($1::text[])`,
    [wanted],
  );
  const known = new Set(found.map((row) => row.path));
  const missing = wanted.filter((path) => !known.has(path));
  if (missing.length === 0) return undefined;
  const field = missing.includes(image) ? imageField : 'content';
  const message = `${missing.join(', ')} is not in Media (deleted or never uploaded); pick another image`;
  return error(400, message, [{ path: field, message }]);
}

/** True when the write changed what the public site shows (the database marks it in `site_changed_at`). */
export function changesSite(op: ResourceAction, row: Record<string, unknown>): boolean {
  if (op === 'delete') return row['status'] === 'published';
  return row['site_changed_at'] !== null && row['site_changed_at'] === row['updated_at'];
}

/** The hooks that make a blog or program resource publishable. */
export function publishable(kind: PublishedKind, imageField: string): Required<Pick<ResourceSpec, 'guard' | 'after'>> {
  return {
    guard: async (write: ResourceWrite) => {
      if (!write.values) return undefined;
      return (await slugClash(kind, write.values['slug'])) ?? (await pictureMissing(kind, write.values, imageField));
    },
    after: async (op: ResourceAction, row: Record<string, unknown>, context: Context) => {
      if (!changesSite(op, row)) return;
      const what = `${op === 'delete' ? 'deleted' : row['status'] === 'published' ? 'published' : 'unpublished'} ${kind === 'blog' ? 'post' : 'program'} ${String(row['slug'])}`;
      await requestBuild(what, context);
    },
  };
}
