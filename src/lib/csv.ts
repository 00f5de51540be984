/** A column of a CSV export: its header and how to read the cell from a row. */
export type CsvColumn<T> = { readonly header: string; readonly value: (row: T) => unknown };

/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Turns one value into the text of one cell, quoting it and defusing formulas. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    // Numbers cannot carry a formula, and a negative amount must stay a number.
    text = String(value);
  } else {
    text = typeof value === 'string' ? value : JSON.stringify(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Builds an RFC 4180 CSV document (CRLF line ends) from rows and columns. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))));
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
