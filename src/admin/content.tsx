import type { z } from 'zod';
import { BlogPostSchema, MediaSchema, ProgramSchema } from '../schemas/admin.ts';
import { isImageUrl, safeHref, text } from './lib/format.ts';
import { detailsText } from './lib/details.ts';
import type { Issue } from './lib/issues.ts';
import type { Row } from './lib/list.ts';
import { formatMeta, parseMeta } from './lib/meta.ts';
import { timeColumn } from './columns.tsx';
import type { Column } from './table.ts';

/** One field of a content form. */
export type FieldDef = {
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'textarea' | 'url' | 'meta';
  readonly required?: boolean;
  readonly rows?: number;
  readonly hint?: string;
  /** File types the field's upload button accepts (MIME list); no upload when absent. */
  readonly upload?: string;
};

/** The outcome of checking a form against its shared schema. */
export type Checked =
  { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly issues: readonly Issue[] };

/** A create-and-edit tab: programs, blog posts, media. */
export type ContentConfig = {
  readonly resource: 'programs' | 'blog' | 'media';
  /** Singular name in buttons and messages, e.g. 'program'. */
  readonly noun: string;
  readonly plural: string;
  /** Names the one-record answer may be wrapped in ({program}, {post}, {media}). */
  readonly recordNames: readonly string[];
  /** Said when the record to edit cannot be read (spec §8). */
  readonly loadError: string;
  readonly fields: readonly FieldDef[];
  /** Fills the form from a stored record. */
  readonly toValues: (row: Row | null) => Record<string, string>;
  /** Checks the form with the shared schema and builds the request body. */
  readonly check: (values: Readonly<Record<string, string>>) => Checked;
  readonly columns: readonly Column[];
  readonly describe: (row: Row) => string;
};

const IMAGES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
const UPLOADS = `${IMAGES},application/pdf`;
const URL_HINT = 'A site path such as /media/1/photo.jpg or an http(s) address; or upload a file.';

function check(schema: z.ZodType, body: unknown): Checked {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}

function values(row: Row | null, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, row ? text(row[name]) : '']));
}

function pick(source: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, source[name] ?? '']));
}

const titleColumn: Column = {
  key: 'title',
  header: 'Title',
  cell: (row) => <strong>{text(row['title'])}</strong>,
  text: (row) => text(row['title']),
};
const slugColumn: Column = {
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

const PROGRAM_FIELDS = ['title', 'slug', 'summary', 'content', 'image'] as const;
const POST_FIELDS = ['title', 'slug', 'excerpt', 'content', 'cover'] as const;

/** The three create-and-edit tabs. */
export const CONTENT: Readonly<Record<ContentConfig['resource'], ContentConfig>> = {
  programs: {
    resource: 'programs',
    noun: 'program',
    plural: 'programs',
    recordNames: ['program'],
    loadError: 'Failed to load program',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      {
        name: 'slug',
        label: 'Slug',
        kind: 'text',
        required: true,
        hint: 'Lowercase letters, digits and hyphens; part of the address.',
      },
      { name: 'summary', label: 'Summary', kind: 'textarea', rows: 3 },
      { name: 'content', label: 'Content', kind: 'textarea', rows: 10 },
      { name: 'image', label: 'Image URL', kind: 'url', hint: URL_HINT, upload: IMAGES },
    ],
    toValues: (row) => values(row, PROGRAM_FIELDS),
    check: (form) => check(ProgramSchema, pick(form, PROGRAM_FIELDS)),
    columns: [timeColumn, titleColumn, slugColumn, longText('summary', 'Summary')],
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
      {
        name: 'slug',
        label: 'Slug',
        kind: 'text',
        required: true,
        hint: 'Lowercase letters, digits and hyphens; part of the address.',
      },
      { name: 'excerpt', label: 'Excerpt', kind: 'textarea', rows: 3 },
      { name: 'content', label: 'Content', kind: 'textarea', rows: 12 },
      { name: 'cover', label: 'Cover image URL', kind: 'url', hint: URL_HINT, upload: IMAGES },
    ],
    toValues: (row) => values(row, POST_FIELDS),
    check: (form) => check(BlogPostSchema, pick(form, POST_FIELDS)),
    columns: [timeColumn, titleColumn, slugColumn, longText('excerpt', 'Excerpt')],
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
      { name: 'url', label: 'URL', kind: 'url', required: true, hint: URL_HINT, upload: UPLOADS },
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
          const href = safeHref(row['url']);
          return href && isImageUrl(href) ? <img src={href} alt="" width={56} height={56} loading="lazy" /> : '';
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
        key: 'meta',
        header: 'Meta',
        className: 'col-long',
        cell: (row) => detailsText(row['meta']),
        text: (row) => detailsText(row['meta']),
      },
      timeColumn,
    ],
    describe: (row) => text(row['name']) || text(row['url']),
  },
};
