/**
 * The shape the record tabs share (Events, Team, Children): a record named by a slug, with a picture from Media and
 * a publish status, listed with its time, name, slug, own columns and state on the site. A tab describes only
 * what is its own; {@link recordTab} adds the rest.
 */
import type { z } from 'zod';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import { addedColumn } from './columns.tsx';
import {
  check,
  IMAGES,
  MEDIA_HINT,
  pick,
  slugColumn,
  stateColumn,
  values,
  type ContentConfig,
  type FieldDef,
} from './content.tsx';
import type { Column } from './table.ts';

export { slugField, STATUS_FIELD } from './content.tsx';

/** The `image` field: a picture chosen from Media or uploaded there. */
export function pictureField(label: string): FieldDef {
  return { name: 'image', label, kind: 'media', hint: MEDIA_HINT, upload: IMAGES };
}

/** A column showing one value as plain text (or as `show` words it). */
export function textColumn(key: string, header: string, show: (row: Row) => string = (row) => text(row[key])): Column {
  return { key, header, cell: show, text: show };
}

/**
 * The form values of a stored record (or a new one's defaults, then `fresh`): lists in `lineLists` are typed one
 * item per line, other lists comma-separated.
 */
export function recordValues(
  row: Row | null,
  names: readonly string[],
  lineLists: readonly string[] = [],
  fresh: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const form = { ...values(row, names), ...(row ? {} : fresh) };
  for (const name of lineLists) {
    const list = row?.[name];
    if (Array.isArray(list)) form[name] = list.map(text).join('\n');
  }
  return form;
}

/** Checks a form's `names` with the shared body schema. */
export function checkWith(schema: z.ZodType, names: readonly string[]): ContentConfig['check'] {
  return (form) => check(schema, pick(form, names));
}

/** What a record tab describes itself by. */
export type RecordTab = Pick<ContentConfig, 'resource' | 'noun' | 'fields' | 'toValues' | 'check'> &
  Partial<Pick<ContentConfig, 'deletable' | 'record' | 'above'>> & {
    /** Plural noun; the noun with an s when absent. */
    readonly plural?: string;
    /** The field the one-record answer is wrapped in ({event}, {member}, {child}). */
    readonly single: string;
    /** The column naming the record (shown bold): `title` or `name`. */
    readonly title: { readonly key: string; readonly header: string };
    /** Columns of the tab's own between the slug and the state on the site. */
    readonly columns: readonly Column[];
  };

/** A create-and-edit tab of records from its own parts. */
export function recordTab(tab: RecordTab): ContentConfig {
  const { single, title, columns, plural, ...own } = tab;
  const name = (row: Row) => text(row[title.key]);
  return {
    plural: plural ?? `${tab.noun}s`,
    recordNames: [single],
    loadError: `Failed to load ${tab.noun}`,
    ...own,
    columns: [
      addedColumn,
      { key: title.key, header: title.header, cell: (row) => <strong>{name(row)}</strong>, text: name },
      slugColumn,
      ...columns,
      stateColumn,
    ],
    describe: (row) => name(row) || text(row['slug']),
  };
}
