import { useState } from 'react';
import type { StaffSession } from './api.ts';
import { browserName } from './lib/browser-name.ts';
import { formatNairobi, timeAgo } from './lib/dates.ts';

type Props = {
  /** The account's live sessions, most recently used first. */
  readonly sessions: readonly StaffSession[];
  /** The time the list was loaded, which "last active" counts from. */
  readonly now: Date;
};

/** Sessions shown before "Show N more": this browser and the three used most recently. */
const SHOWN = 4;

/**
 * The account's sessions in words: this browser first and marked, then the others by last use, each with its browser
 * and system, when it signed in (Nairobi time) and when it was last active. A long list shows its first few.
 */
export default function SessionList({ sessions, now }: Props) {
  const [all, setAll] = useState(false);
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const shown = all ? ordered : ordered.slice(0, SHOWN);
  const hidden = ordered.length - shown.length;
  return (
    <>
      <ul className="session-list">
        {shown.map((session) => (
          <li key={session.id} className={session.current ? 'is-current' : undefined}>
            <span className="session-name">
              {browserName(session.userAgent)}
              {session.current && (
                <>
                  {' '}
                  <strong className="badge session-current">This browser</strong>
                </>
              )}
            </span>
            <span className="session-times">
              Signed in <time dateTime={session.createdAt}>{formatNairobi(session.createdAt)}</time>
              {' · '}last active{' '}
              <time dateTime={session.lastUsedAt} title={formatNairobi(session.lastUsedAt)}>
                {timeAgo(session.lastUsedAt, now)}
              </time>
            </span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="button small" onClick={() => setAll(true)}>
          Show {hidden} more {hidden === 1 ? 'session' : 'sessions'}
        </button>
      )}
    </>
  );
}
