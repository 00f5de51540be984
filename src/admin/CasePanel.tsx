import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { TemplateKind } from '../lib/reply-templates.ts';
import type { Row } from './lib/list.ts';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import type { Column, RecordConfig } from './table.ts';
import DataTable from './DataTable.tsx';
import ReplyTemplatesDialog from './ReplyTemplatesDialog.tsx';
import { useNewRows } from './useNewRows.ts';
import { useRowDelete } from './useRowDelete.tsx';
import { linkedItem } from './lib/linked.ts';
import './cases.css';

/** Which rows a case list shows: a select above the table, its choices, and whether a row belongs to one. */
export interface CaseFilter {
  readonly label: string;
  readonly options: readonly (readonly [value: string, label: string])[];
  readonly initial: string;
  readonly matches: (row: Row, value: string) => boolean;
}

/** One queue of cases: its list, its filter, its overdue rule, the dialog a case opens in, and its reply template. */
export interface CasePanelConfig {
  readonly config: RecordConfig;
  readonly filter: CaseFilter;
  /** True when the row is past its promise at `now`. */
  readonly overdue: (row: Row, now: Date) => boolean;
  /** The dialog one case is worked on in. */
  readonly Dialog: ComponentType<{ readonly id: string; readonly onClose: () => void }>;
  /** The reply template the templates dialog opens on. */
  readonly templateKind: TemplateKind;
}

type Props = CasePanelConfig & { readonly label: string };

/**
 * A queue of cases (applications, contact messages): filtered, overdue cases first, each opened to be worked on or
 * deleted, and the reply templates one button away.
 */
export default function CasePanel({ label, config, filter, overdue, Dialog, templateKind }: Props) {
  const resource = config.resource;
  const list = useStore($lists, { keys: [resource] })[resource];
  useEffect(() => ensureLoaded(resource), [resource]);
  const [chosen, setChosen] = useState(filter.initial);
  const [opened, setOpened] = useState<{ row: Row; opener: HTMLElement | null } | null>(null);
  const [editingTemplates, setEditingTemplates] = useState(false);
  const templatesRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useRowDelete(config, headingRef);
  const isNew = useNewRows(resource);
  const filterId = useId();
  // Which row a button acts on, for those who cannot see the row.
  const named = (row: Row) => <span className="visually-hidden"> {`${config.noun} ${config.describe(row)}`}</span>;

  // Open leads each row, where it is in sight on a phone; only Delete is pinned at the row's end.
  const columns = useMemo(
    (): readonly Column[] => [
      {
        key: 'open',
        header: 'Case',
        className: 'col-open',
        cell: (row) => (
          <button
            type="button"
            className="button small"
            aria-haspopup="dialog"
            onClick={(event) => setOpened({ row, opener: event.currentTarget })}
          >
            Open{named(row)}
          </button>
        ),
        text: () => '',
      },
      ...config.columns,
    ],
    [config],
  );

  const shown = useMemo(() => {
    const now = new Date();
    const rows = list.rows.filter((row) => filter.matches(row, chosen));
    // Overdue first, each group newest first as the server sent it.
    const late = rows.filter((row) => overdue(row, now));
    return { ...list, rows: [...late, ...rows.filter((row) => !overdue(row, now))] };
  }, [list, chosen, filter, overdue]);

  return (
    <>
      <div className="panel-head">
        <h2 className="panel-title" ref={headingRef} tabIndex={-1}>
          {label}
        </h2>
        <div className="field kind-filter case-filter">
          <label htmlFor={filterId} className="visually-hidden">
            {filter.label}
          </label>
          <select id={filterId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {filter.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button small"
          aria-haspopup="dialog"
          ref={templatesRef}
          onClick={() => setEditingTemplates(true)}
        >
          Reply templates
        </button>
      </div>
      <DataTable
        caption={label}
        plural={config.plural}
        list={shown}
        columns={columns}
        csv={{ name: config.plural, columns: config.csv }}
        onRetry={() => void reloadResource(resource)}
        onLoadMore={() => void loadMore(resource)}
        {...(isNew ? { isNew } : {})}
        linked={linkedItem(resource)}
        actions={(row) => (
          <button type="button" className="button small danger" onClick={() => removal.ask(row)}>
            Delete{named(row)}
          </button>
        )}
      />
      {opened && (
        <Dialog
          id={opened.row.id}
          onClose={() => {
            const opener = opened.opener;
            setOpened(null);
            void reloadResource(resource);
            if (opener?.isConnected) opener.focus();
            else headingRef.current?.focus();
          }}
        />
      )}
      {editingTemplates && (
        <ReplyTemplatesDialog
          initialKind={templateKind}
          onClose={() => {
            setEditingTemplates(false);
            // Once the modal dialog is gone: while it is open, the rest of the page cannot take focus.
            requestAnimationFrame(() => templatesRef.current?.focus());
          }}
        />
      )}
      {removal.dialog}
    </>
  );
}
