import { useStore } from '@nanostores/react';
import { $liveStatus } from './stores/live.ts';

type Props = Record<string, never>;

const LABELS = { connecting: 'Connecting...', live: 'Live', reconnecting: 'Reconnecting...' } as const;

/** Says whether Recent Activity is receiving events as they happen. */
export default function LiveStatus(_props: Props) {
  const status = useStore($liveStatus);
  return (
    <p className={`live-status live-${status}`}>
      <span className="live-dot" aria-hidden="true" />
      <span className="visually-hidden">Activity stream: </span>
      <span>{LABELS[status]}</span>
    </p>
  );
}
