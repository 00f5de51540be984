import type { ReactNode } from 'react';
import type { z } from 'zod';
import { BLOG_CATEGORIES, BlogPostSchema, MediaSchema, ProgramSchema } from '../schemas/admin.ts';
import { previewSrc, safeHref, text } from './lib/format.ts';
import { detailsText } from './lib/details.ts';
import type { Issue } from './lib/issues.ts';
import type { Row } from './lib/list.ts';
import { formatMeta, parseMeta } from './lib/meta.ts';
import { addedColumn } from './columns.tsx';
import { ORIGIN_COLUMN } from './origin.ts';
import SiteState from './SiteState.tsx';
import type { Column } from './table.ts';

/** One field of a content form. */
export type FieldDef = {
  readonly name: string;
  readonly label: string;
  /** markdown: a text area with the site's preview; media: an uploaded picture, picked or uploaded; tags: comma-separated. */
  readonly kind:
    'text' | 'textarea' | 'url' | 'meta' | 'select' | 'date' | 'number' | 'markdown' | 'media' | 'tags' | 'checks';
  readonly options?: readonly (readonly [string, string])[];
  readonly required?: boolean;
  readonly rows?: number;
  readonly hint?: string;
  /** File types the field's upload button accepts (MIME list); no upload when absent. */
  readonly upload?: string;
  /** Shown only on the create form (e.g. the first consent of a new child). */
  readonly createOnly?: boolean;
};

/** The outcome of checking a form against its shared schema. */
export type Checked =
  { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly issues: readonly Issue[] };

/** A create-and-edit tab: programs, blog posts, media. */
export type ContentConfig = {
  readonly resource: 'programs' | 'blog' | 'media' | 'children' | 'calendar' | 'team';
  /** Singular name in buttons and messages, e.g. 'program'. */
  readonly noun: string;
  readonly plural: string;
  /** Names the one-record answer may be wrapped in ({program}, {post}, {media}). */
  readonly recordNames: readonly string[];
  /** Said when the record to edit cannot be read. */
  readonly loadError: string;
  readonly fields: readonly FieldDef[];
  /** Fills the form from a stored record. */
  readonly toValues: (row: Row | null) => Record<string, string>;
  /** Checks the form with the shared schema and builds the request body. */
  readonly check: (values: Readonly<Record<string, string>>) => Checked;
  readonly columns: readonly Column[];
  readonly describe: (row: Row) => string;
  /** False: records are kept (no Delete button). */
  readonly deletable?: boolean;
  /** Shown under the edit form: what hangs off the record (a child's consent, sponsorship and history). */
  readonly record?: (row: Row) => ReactNode;
  /** Shown above the list. */
  readonly above?: ReactNode;
};

export const IMAGES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** What the Media tab's upload button accepts. */
export const UPLOADS = `${IMAGES},application/pdf`;
const URL_HINT = 'A site path such as /media/1/photo.jpg or an http(s) address.';
export const MEDIA_HINT = 'Choose a picture from Media or upload one; its address looks like /media/1/photo.jpg.';

export function check(schema: z.ZodType, body: unknown): Checked {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}

/** What a new record's form starts with, where not empty. */
const DEFAULTS: Readonly<Record<string, string>> = {
  status: 'draft',
  position: '0',
  programme: 'in',
  covers: 'profile',
};

export function values(row: Row | null, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = row?.[name];
      if (!row) return [name, DEFAULTS[name] ?? ''];
      return [name, Array.isArray(value) ? value.map(text).join(', ') : text(value)];
    }),
  );
}

export function pick(source: Readonly<Record<string, string>>, names: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of names) {
    const value = source[name];
    // A field the form does not hold is left to the schema's default.
    if (value === undefined) continue;
    // Tags are typed as one comma-separated line.
    body[name] =
      name === 'tags'
        ? value
            .split(',')
            .map((tag) => tag.trim().replace(/^#/, ''))
            .filter(Boolean)
        : value;
  }
  return body;
}

export const STATUS_FIELD: FieldDef = {
  name: 'status',
  label: 'Status',
  kind: 'select',
  options: [
    ['draft', 'Draft (only staff see it)'],
    ['published', 'Published (on the site after the next build)'],
  ],
  hint: 'Publishing, editing a published item and unpublishing rebuild the public site, which takes about a minute.',
};
/** The slug field: what the id is called and where it is used. */
export function slugField(label: string, hint: string): FieldDef {
  return { name: 'slug', label, kind: 'text', required: true, hint: `Lowercase letters, digits and hyphens; ${hint}` };
}

const DATE_FIELD: FieldDef = {
  name: 'date',
  label: 'Publish date',
  kind: 'date',
  hint: 'YYYY-MM-DD; shown on the site.',
};
const ALT_FIELD: FieldDef = {
  name: 'alt',
  label: 'Image description',
  kind: 'text',
  hint: 'What the picture shows, for people who cannot see it.',
};
const MARKDOWN_HINT =
  'Markdown: **bold**, _italic_, [a link](https://…), ## a heading, - a list, ![description](/media/…).';

export const stateColumn: Column = {
  key: 'site_state',
  header: 'On the site',
  cell: (row) => <SiteState row={row} />,
  text: (row) => text(row['site_state']),
};

const titleColumn: Column = {
  key: 'title',
  header: 'Title',
  cell: (row) => <strong>{text(row['title'])}</strong>,
  text: (row) => text(row['title']),
};
export const slugColumn: Column = {
  key: 'slug',
  header: 'Slug',
  cell: (row) => <code>{text(row['slug'])}</code>,
  text: (row) => text(row['slug']),
};
const longText = (key: string, header: string): Column => ({
  key,
  header,
  className: 'col-long',
  cell: (row) => text(row[key]),
  text: (row) => text(row[key]),
});

const PROGRAM_FIELDS = ['title', 'slug', 'summary', 'content', 'image', 'alt', 'position', 'date', 'status'] as const;
const POST_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'cover',
  'alt',
  'category',
  'author',
  'date',
  'tags',
  'status',
] as const;

/** The three create-and-edit tabs. */
export const CONTENT: Readonly<Record<'programs' | 'blog' | 'media', ContentConfig>> = {
  programs: {
    resource: 'programs',
    noun: 'program',
    plural: 'programs',
    recordNames: ['program'],
    loadError: 'Failed to load program',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      slugField('Slug', 'part of the address.'),
      { name: 'summary', label: 'Summary', kind: 'textarea', rows: 3 },
      { name: 'content', label: 'Content', kind: 'markdown', rows: 10, hint: MARKDOWN_HINT },
      { name: 'image', label: 'Image', kind: 'media', hint: MEDIA_HINT, upload: IMAGES },
      ALT_FIELD,
      { name: 'position', label: 'Order', kind: 'number', hint: 'Place on /programs, smallest first.' },
      DATE_FIELD,
      STATUS_FIELD,
    ],
    toValues: (row) => values(row, PROGRAM_FIELDS),
    check: (form) => check(ProgramSchema, pick(form, PROGRAM_FIELDS)),
    columns: [addedColumn, titleColumn, slugColumn, stateColumn, ORIGIN_COLUMN, longText('summary', 'Summary')],
    describe: (row) => text(row['title']) || text(row['slug']),
  },
  blog: {
    resource: 'blog',
    noun: 'blog post',
    plural: 'blog posts',
    recordNames: ['post', 'blog'],
    loadError: 'Failed to load post',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      slugField(
        'Slug',
        'part of the address. Changing it keeps the old address working: it leads to the new one after the next build.',
      ),
      { name: 'excerpt', label: 'Excerpt', kind: 'textarea', rows: 3 },
      { name: 'content', label: 'Content', kind: 'markdown', rows: 12, hint: MARKDOWN_HINT },
      { name: 'cover', label: 'Cover image', kind: 'media', hint: MEDIA_HINT, upload: IMAGES },
      ALT_FIELD,
      {
        name: 'category',
        label: 'Category',
        kind: 'select',
        options: [['', 'Choose a category'], ...BLOG_CATEGORIES.map((category) => [category, category] as const)],
      },
      { name: 'author', label: 'Author', kind: 'text' },
      DATE_FIELD,
      { name: 'tags', label: 'Tags', kind: 'tags', hint: 'Comma-separated, e.g. reading, mathare.' },
      STATUS_FIELD,
    ],
    toValues: (row) => values(row, POST_FIELDS),
    check: (form) => check(BlogPostSchema, pick(form, POST_FIELDS)),
    columns: [addedColumn, titleColumn, slugColumn, stateColumn, ORIGIN_COLUMN, longText('excerpt', 'Excerpt')],
    describe: (row) => text(row['title']) || text(row['slug']),
  },
  media: {
    resource: 'media',
    noun: 'media item',
    plural: 'media items',
    recordNames: ['media', 'item'],
    loadError: 'Failed to load media',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      // Uploads have their own button above the list (each upload makes its entry), so this is for other addresses.
      { name: 'url', label: 'URL', kind: 'url', required: true, hint: URL_HINT },
      {
        name: 'meta',
        label: 'Meta (JSON object)',
        kind: 'meta',
        rows: 5,
        hint: 'Optional details such as {"alt": "Children reading"}.',
      },
    ],
    toValues: (row) => ({
      name: row ? text(row['name']) : '',
      url: row ? text(row['url']) : '',
      meta: formatMeta(row?.['meta']),
    }),
    check: (form) =>
      check(MediaSchema, {
        name: form['name'] ?? '',
        url: form['url'] ?? '',
        meta: parseMeta(form['meta'] ?? '').meta,
      }),
    columns: [
      {
        key: 'preview',
        header: 'Preview',
        className: 'col-preview',
        cell: (row) => {
          const src = previewSrc(row['url']);
          return src ? <img src={src} alt="" width={56} height={56} loading="lazy" /> : '';
        },
        text: () => '',
      },
      {
        key: 'name',
        header: 'Name',
        cell: (row) => <strong>{text(row['name'])}</strong>,
        text: (row) => text(row['name']),
      },
      {
        key: 'url',
        header: 'URL',
        cell: (row) => {
          const href = safeHref(row['url']);
          return href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {text(row['url'])}
            </a>
          ) : (
            text(row['url'])
          );
        },
        text: (row) => text(row['url']),
      },
      {
        key: 'size',
        header: 'Size',
        cell: (row) => formatBytes(row['size']),
        text: (row) => formatBytes(row['size']),
      },
      { key: 'type', header: 'Type', cell: (row) => text(row['type']), text: (row) => text(row['type']) },
      {
        key: 'used_by',
        header: 'Used by',
        className: 'col-long',
        cell: (row) => usedBy(row['used_by']),
        text: (row) => usedBy(row['used_by']),
      },
      {
        key: 'meta',
        header: 'Meta',
        className: 'col-long',
        cell: (row) => detailsText(row['meta']),
        text: (row) => detailsText(row['meta']),
      },
      addedColumn,
    ],
    describe: (row) => text(row['name']) || text(row['url']),
  },
};

/** A file size for people: '840 KB', '1.2 MB'. */
export function formatBytes(size: unknown): string {
  if (typeof size !== 'number') return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** Where an uploaded file is used: 'post "A day at school" (published); program "Clinics" (draft)', or 'Not used'. */
export function usedBy(value: unknown): string {
  if (!Array.isArray(value)) return '';
  if (value.length === 0) return 'Not used';
  return value
    .map((use: Record<string, unknown>) => `${text(use['kind'])} "${text(use['title'])}" (${text(use['status'])})`)
    .join('; ');
}
