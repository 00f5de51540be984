import type { ReactNode } from 'react';
import type { CsvColumn } from './lib/csv.ts';
import type { Row } from './lib/list.ts';
import type { Resource } from './stores/data.ts';

/** One column of a dashboard table: what it shows and the plain text search matches against. */
export type Column = {
  readonly key: string;
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  readonly text: (row: Row) => string;
  /**
   * Classes of its cells: `col-time`, `col-number`, and `col-long` for free text (a message, details), which is wider
   * and, on a phone, held to two lines with "Show all" (DataTable wraps such cells in ClampedText).
   */
  readonly className?: string;
};

/** A list-and-delete tab: contacts, subscribers, volunteers, donations. */
export type RecordConfig = {
  readonly resource: Resource;
  /** Singular name used in buttons and messages, e.g. 'contact'. */
  readonly noun: string;
  readonly plural: string;
  readonly columns: readonly Column[];
  readonly csv: readonly CsvColumn<Row>[];
  /** The rows the CSV export holds, when not all of those shown (subscribers: the confirmed ones). */
  readonly csvOnly?: (row: Row) => boolean;
  /** Names a row in a confirmation, e.g. 'Jane Doe (jane@example.org)'. */
  readonly describe: (row: Row) => string;
  /** The keys of the columns that say which row it is, when not the usual ones (DataTable's `identity`). */
  readonly identity?: readonly string[];
};
