import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { detailEntries, detailsText } from './lib/details.ts';
import { describeEventType } from './lib/events.ts';
import { text } from './lib/format.ts';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import type { Column } from './table.ts';
import { timeColumn } from './columns.tsx';
import DataTable from './DataTable.tsx';
import DetailsList from './DetailsList.tsx';
import LiveStatus from './LiveStatus.tsx';
import { useNewRows } from './useNewRows.ts';
import { linkedItem } from './lib/linked.ts';

type Props = { readonly label: string };

const COLUMNS: readonly Column[] = [
  { ...timeColumn, header: 'Time (Nairobi)' },
  {
    key: 'type',
    header: 'What happened',
    cell: (row) => (
      <>
        {describeEventType(row['type'])}
        <br />
        <code className="muted">{text(row['type'])}</code>
      </>
    ),
    text: (row) => `${describeEventType(row['type'])} ${text(row['type'])}`,
  },
  {
    key: 'payload',
    header: 'Details',
    className: 'col-long',
    cell: (row) => <DetailsList details={detailEntries(row['payload'])} />,
    text: (row) => detailsText(row['payload']),
  },
];

/** Recent Activity: the latest events, live from the stream (at most 500 kept). */
export default function ActivityPanel({ label }: Props) {
  const list = useStore($lists, { keys: ['events'] }).events;
  useEffect(() => ensureLoaded('events'), []);
  const isNew = useNewRows('events');
  return (
    <>
      <div className="panel-head">
        <h2 className="panel-title">{label}</h2>
        <LiveStatus />
      </div>
      <DataTable
        caption={label}
        plural="events"
        list={list}
        columns={COLUMNS}
        onRetry={() => void reloadResource('events')}
        onLoadMore={() => void loadMore('events')}
        {...(isNew ? { isNew } : {})}
        linked={linkedItem('events')}
      />
    </>
  );
}
