/**
 * The media library's entries: what the list shows beside each (the size and type of its uploaded file, the posts
 * and programs that show it), and the entry every upload gets.
 */
import { query, type Queryable } from '../platform/db.ts';

/** Posts and programs whose picture or body shows the entry's file (`url` is the media row's own column). */
const USED_BY = `(select coalesce(json_agg(json_build_object('kind', x.kind, 'title', x.title, 'slug', x.slug,
      'status', x.status) order by x.kind, x.title), '[]'::json)
   from (select 'post' as kind, p.title, p.slug, p.status from blog_posts p
         where p.cover = url or strpos(p.content, url) > 0
         union all
         select 'program', g.title, g.slug, g.status from programs g
         where g.image = url or strpos(g.content, url) > 0) x) as used_by`;

/** The uploaded file behind an entry's `url`, when it is one. */
const UPLOAD_OF = `(select u.%s from uploads u
  where u.id = (case when url ~ '^/media/[0-9]{1,18}/' then split_part(url, '/', 3)::bigint end)
    and '/media/' || u.id || '/' || u.name = url)`;

/** What the list reads beside an entry's own columns: `size` and `type` of its upload, and `used_by`. */
export const MEDIA_COLUMNS = [
  `${UPLOAD_OF.replace('%s', 'size')} as size`,
  `${UPLOAD_OF.replace('%s', 'content_type')} as type`,
  USED_BY,
];

/** A post or program that shows an entry's file. */
export interface MediaUse {
  readonly kind: string;
  readonly title: string;
  readonly slug: string;
  readonly status: string;
}

/** The posts and programs that show the file of the entry `id` (none for an unknown entry). */
export async function mediaUses(id: string): Promise<MediaUse[]> {
  const [entry] = await query<{ used_by: MediaUse[] }>(`select ${USED_BY} from media where id = $1`, [id]);
  return entry?.used_by ?? [];
}

/** Lists a file under Media at `url`, in the caller's transaction. */
export async function addMediaEntry(tx: Queryable, name: string, url: string): Promise<void> {
  await tx.query('insert into media (name, url) values ($1, $2)', [name, url]);
}
