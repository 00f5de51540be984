import { Fragment, useCallback, useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { toCsv, type CsvColumn } from './lib/csv.ts';
import { nairobiDateStamp } from './lib/dates.ts';
import { filterRows } from './lib/filter.ts';
import { counted } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import ClampedText from './ClampedText.tsx';
import { saveFile } from './download.ts';
import { notify } from './stores/toast.ts';
import type { ListState } from './stores/data.ts';
import type { Column } from './table.ts';
import { useScrollable } from './useScrollable.ts';
import { usePhone } from './usePhone.ts';

type Props = {
  /** Names the table, e.g. 'Contacts'. */
  readonly caption: string;
  /** Lower-case plural used in messages, e.g. 'contacts'. */
  readonly plural: string;
  readonly list: ListState;
  readonly columns: readonly Column[];
  readonly actions?: (row: Row) => ReactNode;
  /** When given, a CSV export of the rows shown (those `only` keeps, when given), saved as '{name}-{date}.csv'. */
  readonly csv?: {
    readonly name: string;
    readonly columns: readonly CsvColumn<Row>[];
    readonly only?: ((row: Row) => boolean) | undefined;
  };
  readonly onRetry: () => void;
  readonly onLoadMore: () => void;
  /** Marks rows that arrived since the staff member last opened the list. */
  readonly isNew?: (row: Row) => boolean;
  /** The id of a row to point out (an email's link), scrolled into view once shown. */
  readonly linked?: string | null;
  /** The keys of the columns that say which row it is (by default name, donor, title and amount). */
  readonly identity?: readonly string[];
};

/** The columns that say which row it is: whose it is, what it is called, how much. */
const IDENTITY_KEYS: readonly string[] = ['name', 'donor_name', 'title', 'amount'];

/**
 * A searchable table that scrolls within 520 px, with optional row actions and CSV export. On a phone a row's name
 * and amount come first and its actions right after them, so both are on the first screen, side by side: the rest
 * of a wide row scrolls sideways after them, and nothing is pinned over another cell.
 */
export default function DataTable({
  caption,
  plural,
  list,
  columns,
  actions,
  csv,
  onRetry,
  onLoadMore,
  isNew,
  linked,
  identity = IDENTITY_KEYS,
}: Props) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();
  const captionId = useId();
  const rows = useMemo(
    () => filterRows(list.rows, deferredQuery, (row) => columns.map((column) => column.text(row)).join(' ')),
    [list.rows, deferredQuery, columns],
  );
  const searching = deferredQuery.trim() !== '';
  const phone = usePhone();
  const leading = phone && actions ? columns.filter((column) => identity.includes(column.key)) : [];
  const trailing = columns.filter((column) => !leading.includes(column));
  const actionsAfterLeading = phone && leading.length > 0;
  const ordered = [...leading, ...trailing];
  const scrolled = useRef(false);
  const [frame, frameScrolls] = useScrollable<HTMLDivElement>();
  const scrollOnce = useCallback((element: HTMLTableRowElement | null) => {
    if (!element || scrolled.current) return;
    scrolled.current = true;
    element.scrollIntoView({ block: 'center' });
  }, []);

  function exportCsv(): void {
    if (!csv) return;
    const exported = csv.only ? rows.filter(csv.only) : rows;
    // The byte-order mark makes spreadsheet programs read the file as UTF-8.
    const blob = new Blob(['\uFEFF', toCsv(csv.columns, exported)], { type: 'text/csv;charset=utf-8' });
    const filename = `${csv.name}-${nairobiDateStamp()}.csv`;
    saveFile(blob, filename);
    notify(`Exported ${exported.length} ${exported.length === 1 ? 'row' : 'rows'} to ${filename}`);
  }

  return (
    <div className="data-table">
      <div className="table-tools">
        <div className="field search-field">
          <label htmlFor={searchId}>Search {plural}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        {csv && (
          <button type="button" className="button" onClick={exportCsv} disabled={rows.length === 0}>
            Export CSV
          </button>
        )}
      </div>
      <p className="table-count" aria-live="polite">
        {list.status !== 'ready' && list.status !== 'error' && list.rows.length === 0
          ? `Loading ${plural}...`
          : searching
            ? `${rows.length} of ${list.rows.length} ${plural} match`
            : `${counted(list.rows.length, plural)} shown`}
      </p>
      {list.error && (
        <div className="form-error" role="alert">
          <span>
            {list.rows.length > 0
              ? `Could not reload ${plural}: ${list.error.replace(/[.!]?$/, '.')} The rows below may be out of date.`
              : `Could not load ${plural}: ${list.error}`}
          </span>{' '}
          <button type="button" className="button small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      <div
        ref={frame}
        className={`table-scroll${list.error && list.rows.length > 0 ? ' is-stale' : ''}`}
        role="region"
        aria-labelledby={captionId}
        tabIndex={frameScrolls ? 0 : undefined}
      >
        <table>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              {ordered.map((column, index) => (
                <Fragment key={column.key}>
                  {actionsAfterLeading && index === leading.length && <ActionsHeader />}
                  <th scope="col" className={column.className}>
                    {column.header}
                  </th>
                </Fragment>
              ))}
              {actions && !(actionsAfterLeading && leading.length < ordered.length) && <ActionsHeader />}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const fresh = isNew?.(row) ?? false;
              const pointed = linked === row.id;
              return (
                <tr
                  key={row.id}
                  className={[fresh && 'row-new', pointed && 'row-linked'].filter(Boolean).join(' ') || undefined}
                  {...(pointed ? { 'aria-current': 'true' as const, ref: scrollOnce } : {})}
                >
                  {ordered.map((column, index) => (
                    <Fragment key={column.key}>
                      {actionsAfterLeading && index === leading.length && (
                        <td className="col-actions">{actions?.(row)}</td>
                      )}
                      <td className={column.className}>
                        {fresh && index === 0 && <span className="badge new-badge">New</span>}
                        {column.className?.split(' ').includes('col-long') ? (
                          <ClampedText>{column.cell(row)}</ClampedText>
                        ) : (
                          column.cell(row)
                        )}
                      </td>
                    </Fragment>
                  ))}
                  {actions && !(actionsAfterLeading && leading.length < ordered.length) && (
                    <td className="col-actions">{actions(row)}</td>
                  )}
                </tr>
              );
            })}
            {rows.length === 0 && (list.status === 'ready' || list.status === 'error') && (
              <tr>
                <td colSpan={columns.length + (actions ? 1 : 0)} className="empty">
                  {searching ? `No ${plural} match “${deferredQuery.trim()}”.` : `No ${plural} yet.`}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {list.nextCursor && (
        <button type="button" className="button load-more" onClick={onLoadMore}>
          Load more {plural}
        </button>
      )}
    </div>
  );
}

function ActionsHeader() {
  return (
    <th scope="col" className="col-actions">
      Actions
    </th>
  );
}
