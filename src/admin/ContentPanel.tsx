import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError, fetchRecord } from './api.ts';
import type { Row } from './lib/list.ts';
import { $lists, ensureLoaded, loadMore, reloadAll, reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import { UPLOADS, type ContentConfig } from './content.tsx';
import UploadField from './UploadField.tsx';
import ContentForm from './ContentForm.tsx';
import DataTable from './DataTable.tsx';
import { useRowDelete } from './useRowDelete.tsx';

type Props = { readonly label: string; readonly config: ContentConfig };

/** How often a list with items on their way to the site is reloaded. */
const SITE_STATE_POLL_MS = 5000;

/** The form is closed, open to create, or open to edit a loaded record. */
type FormState =
  { readonly kind: 'closed' } | { readonly kind: 'create' } | { readonly kind: 'edit'; readonly row: Row };

/** A create-and-edit tab: programs, blog posts or media. */
export default function ContentPanel({ label, config }: Props) {
  const list = useStore($lists, { keys: [config.resource] })[config.resource];
  useEffect(() => ensureLoaded(config.resource), [config.resource]);
  // While a change is on its way to the site, look again now and then so Publishing… turns into Live.
  const waiting = list.rows.some((row) => row['site_state'] === 'publishing' || row['site_state'] === 'unpublishing');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reloadResource(config.resource), SITE_STATE_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, config.resource]);
  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useRowDelete(config, headingRef);

  async function edit(row: Row): Promise<void> {
    setLoadingId(row.id);
    try {
      const record = await fetchRecord(config.resource, row.id, config.recordNames);
      setForm({ kind: 'edit', row: record });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) notify(config.loadError, 'error');
    } finally {
      setLoadingId(null);
    }
  }

  function close(): void {
    setForm({ kind: 'closed' });
    // The form is gone: put focus back where the staff member can carry on.
    requestAnimationFrame(() => newButton.current?.focus());
  }

  function saved(): void {
    notify(form.kind === 'edit' ? `Updated ${config.noun}` : `Created ${config.noun}`);
    close();
    void reloadAll();
  }

  return (
    <>
      <div className="panel-head">
        <h2 className="panel-title" ref={headingRef} tabIndex={-1}>
          {label}
        </h2>
        <button
          ref={newButton}
          type="button"
          className="button primary"
          onClick={() => setForm({ kind: 'create' })}
          disabled={form.kind !== 'closed'}
        >
          New {config.noun}
        </button>
      </div>
      {config.above}
      {config.resource === 'media' && (
        // Every upload makes its own Media entry (admin-media-upload.ts); it can then be picked in the forms.
        <UploadField
          forLabel="Media"
          accept={UPLOADS}
          onBusy={() => {}}
          onUploaded={() => void reloadResource('media')}
        />
      )}
      {form.kind !== 'closed' && (
        <ContentForm
          key={form.kind === 'edit' ? `edit-${form.row.id}` : 'create'}
          config={config}
          row={form.kind === 'edit' ? form.row : null}
          onSaved={saved}
          onCancel={close}
        />
      )}
      {form.kind === 'edit' && config.record?.(form.row)}
      <DataTable
        caption={label}
        plural={config.plural}
        list={list}
        columns={config.columns}
        onRetry={() => void reloadResource(config.resource)}
        onLoadMore={() => void loadMore(config.resource)}
        actions={(row) => (
          <div className="row-actions">
            <button type="button" className="button small" onClick={() => void edit(row)} disabled={loadingId !== null}>
              {loadingId === row.id ? 'Loading...' : 'Edit'}
              <span className="visually-hidden">
                {' '}
                {config.noun} {config.describe(row)}
              </span>
            </button>
            {config.deletable !== false && (
              <button type="button" className="button small danger" onClick={() => removal.ask(row)}>
                Delete
                <span className="visually-hidden">
                  {' '}
                  {config.noun} {config.describe(row)}
                </span>
              </button>
            )}
          </div>
        )}
      />
      {removal.dialog}
    </>
  );
}
