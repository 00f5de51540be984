import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { detailEntries } from './lib/details.ts';
import type { Row } from './lib/list.ts';
import { activitySentence } from './activity-sentences.ts';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import type { Column } from './table.ts';
import { timeColumn } from './columns.tsx';
import DataTable from './DataTable.tsx';
import DetailsList from './DetailsList.tsx';
import LiveStatus from './LiveStatus.tsx';
import { useNewRows } from './useNewRows.ts';
import { linkedItem } from './lib/linked.ts';

type Props = { readonly label: string };

/** What a visitor's form sent, for the events of the public forms; staff actions say all in their sentence. */
function formDetails(row: Row) {
  return typeof row['type'] === 'string' && !row['type'].includes('.')
    ? detailEntries(row['payload'], ['form', 'name', 'website'])
    : [];
}

const COLUMNS: readonly Column[] = [
  { ...timeColumn, header: 'Time (Nairobi)' },
  {
    key: 'type',
    header: 'What happened',
    className: 'col-long',
    cell: (row) => activitySentence(row),
    text: (row) => activitySentence(row),
  },
  {
    key: 'payload',
    header: 'What they sent',
    className: 'col-long',
    cell: (row) => <DetailsList details={formDetails(row)} />,
    text: (row) =>
      formDetails(row)
        .map((detail) => `${detail.label}: ${detail.value}`)
        .join('; '),
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
