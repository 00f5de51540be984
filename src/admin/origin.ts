/** Whether a record is still as it shipped with the site (its text follows the site's files) or was written here. */
import type { Row } from './lib/list.ts';
import type { Column } from './table.ts';

/** The words of a record's origin. */
export const originOf = (row: Row) =>
  row['file_copy'] === true ? 'As shipped with the site' : 'Written or edited here';

/** The column showing it. */
export const ORIGIN_COLUMN: Column = { key: 'file_copy', header: 'Text', cell: originOf, text: originOf };
