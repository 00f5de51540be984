import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import type { RecordConfig } from './table.ts';
import DataTable from './DataTable.tsx';
import { useNewRows } from './useNewRows.ts';
import { useRowDelete } from './useRowDelete.tsx';
import { linkedItem } from './lib/linked.ts';

type Props = { readonly label: string; readonly config: RecordConfig };

/** A list-and-delete tab (subscribers, donations) with search and CSV export. */
export default function RecordsPanel({ label, config }: Props) {
  const list = useStore($lists, { keys: [config.resource] })[config.resource];
  useEffect(() => ensureLoaded(config.resource), [config.resource]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useRowDelete(config, headingRef);
  const isNew = useNewRows(config.resource);

  return (
    <>
      <h2 className="panel-title" ref={headingRef} tabIndex={-1}>
        {label}
      </h2>
      <DataTable
        caption={label}
        plural={config.plural}
        list={list}
        columns={config.columns}
        csv={{ name: config.plural, columns: config.csv, only: config.csvOnly }}
        onRetry={() => void reloadResource(config.resource)}
        onLoadMore={() => void loadMore(config.resource)}
        {...(isNew ? { isNew } : {})}
        linked={linkedItem(config.resource)}
        {...(config.identity ? { identity: config.identity } : {})}
        actions={(row) => (
          <button type="button" className="button small danger" onClick={() => removal.ask(row)}>
            Delete
            <span className="visually-hidden">
              {' '}
              {config.noun} {config.describe(row)}
            </span>
          </button>
        )}
      />
      {removal.dialog}
    </>
  );
}
