import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { APPLICATION_INFO, APPLICATION_KINDS } from '../lib/applications.ts';
import type { Row } from './lib/list.ts';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import { RECORDS, rowKind, rowOverdue } from './columns.tsx';
import DataTable from './DataTable.tsx';
import DeleteDialog from './DeleteDialog.tsx';
import ApplicationDialog from './ApplicationDialog.tsx';
import ReplyTemplatesDialog from './ReplyTemplatesDialog.tsx';
import { useNewRows } from './useNewRows.ts';
import { linkedItem } from './lib/linked.ts';

type Props = { readonly label: string };

const config = RECORDS.volunteers;

/** The applications queue: every kind or one, overdue applications first, each opened to be worked on. */
export default function ApplicationsPanel({ label }: Props) {
  const list = useStore($lists, { keys: ['volunteers'] }).volunteers;
  useEffect(() => ensureLoaded('volunteers'), []);
  const [kind, setKind] = useState('');
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [opened, setOpened] = useState<{ row: Row; opener: HTMLElement | null } | null>(null);
  const [editingTemplates, setEditingTemplates] = useState(false);
  const templatesRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isNew = useNewRows('volunteers');
  const kindId = useId();

  const shown = useMemo(() => {
    const now = new Date();
    const rows = list.rows.filter((row) => kind === '' || rowKind(row) === kind);
    // Overdue first, each group newest first as the server sent it.
    const overdue = rows.filter((row) => rowOverdue(row, now));
    return { ...list, rows: [...overdue, ...rows.filter((row) => !rowOverdue(row, now))] };
  }, [list, kind]);

  return (
    <>
      <div className="panel-head">
        <h2 className="panel-title" ref={headingRef} tabIndex={-1}>
          {label}
        </h2>
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
      <div className="field kind-filter">
        <label htmlFor={kindId}>Kind</label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value="">All applications</option>
          {APPLICATION_KINDS.map((value) => (
            <option key={value} value={value}>
              {APPLICATION_INFO[value].label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption={label}
        plural={config.plural}
        list={shown}
        columns={config.columns}
        csv={{ name: config.plural, columns: config.csv }}
        onRetry={() => void reloadResource('volunteers')}
        onLoadMore={() => void loadMore('volunteers')}
        {...(isNew ? { isNew } : {})}
        linked={linkedItem('volunteers')}
        actions={(row) => (
          <div className="row-actions">
            <button
              type="button"
              className="button small"
              aria-haspopup="dialog"
              onClick={(event) => setOpened({ row, opener: event.currentTarget })}
            >
              Open
              <span className="visually-hidden"> application {config.describe(row)}</span>
            </button>
            <button type="button" className="button small danger" onClick={() => setToDelete(row)}>
              Delete
              <span className="visually-hidden"> application {config.describe(row)}</span>
            </button>
          </div>
        )}
      />
      {opened && (
        <ApplicationDialog
          id={opened.row.id}
          onClose={() => {
            const opener = opened.opener;
            setOpened(null);
            void reloadResource('volunteers');
            if (opener?.isConnected) opener.focus();
            else headingRef.current?.focus();
          }}
        />
      )}
      {editingTemplates && (
        <ReplyTemplatesDialog
          onClose={() => {
            setEditingTemplates(false);
            // Once the modal dialog is gone: while it is open, the rest of the page cannot take focus.
            requestAnimationFrame(() => templatesRef.current?.focus());
          }}
        />
      )}
      {toDelete && (
        <DeleteDialog
          resource="volunteers"
          noun={config.noun}
          row={toDelete}
          description={config.describe(toDelete)}
          onClose={(deleted) => {
            setToDelete(null);
            if (deleted) requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      )}
    </>
  );
}
