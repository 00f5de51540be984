import { type ReactNode, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatMoney } from '../lib/money.ts';
import { INBOX_SECTIONS, type ArrivalKind, type DueKind, type InboxAnswer, type InboxItem } from '../schemas/inbox.ts';
import { formatNairobi } from './lib/dates.ts';
import { $stats } from './stores/data.ts';
import { $inbox, reloadInbox, resetInbox } from './stores/inbox.ts';
import { COUNTED, SECTIONS, type Section } from './nav.ts';
import StatsBar from './StatsBar.tsx';
import LiveStatus from './LiveStatus.tsx';

type Props = {
  readonly label: string;
  /** Shows a section, and in it the row `item` when the section can point at one. */
  readonly onOpen: (section: Section, item?: string) => void;
};

/** What each kind of arrival is called, one and many. */
const ARRIVAL_WORDS: Readonly<Record<ArrivalKind, readonly [string, string]>> = {
  gifts: ['gift', 'gifts'],
  contacts: ['message', 'messages'],
  volunteers: ['application', 'applications'],
  newsletter: ['new subscriber', 'new subscribers'],
  letters: ["sponsor's letter", "sponsors' letters"],
};

/** What each kind of waiting work says, one and many. */
const DUE_WORDS: Readonly<Record<DueKind, readonly [string, string]>> = {
  'overdue-applications': ['application past its promised answer', 'applications past their promised answer'],
  'overdue-messages': ['message past its promised answer', 'messages past their promised answer'],
  'unmatched-gifts': ['gift not matched to a donor or cause', 'gifts not matched to a donor or cause'],
  'failed-emails': ['email that could not be sent', 'emails that could not be sent'],
  'consents-ending': ["child's consent ending within 30 days", "children's consents ending within 30 days"],
  'lapsed-commitments': [
    'monthly gift or sponsorship that has lapsed',
    'monthly gifts or sponsorships that have lapsed',
  ],
  'letters-to-review': ["sponsor's letter waiting for review", "sponsors' letters waiting for review"],
  'children-due-news': ['sponsored child without news for 6 months', 'sponsored children without news for 6 months'],
};

/** Sections whose list can point at one row (`?item=<id>`). */
const POINTABLE = new Set<string>(['contacts', 'volunteers', 'newsletter']);

function counted(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many}`;
}

function sectionLabel(section: string): string {
  return SECTIONS.find((tab) => tab.id === section)?.label ?? section;
}

/** An item's line: who or what, the amount, a few words more, and when. */
function ItemLine({ entry, section, onOpen }: { entry: InboxItem; section: Section; onOpen: Props['onOpen'] }) {
  const name = entry.name || 'No name given';
  return (
    <li className={entry.isNew ? 'inbox-item inbox-item-new' : 'inbox-item'}>
      {entry.isNew && <span className="badge new-badge">New</span>}
      {POINTABLE.has(section) ? (
        <button type="button" className="inbox-link" onClick={() => onOpen(section, entry.id)}>
          {name}
        </button>
      ) : (
        <strong>{name}</strong>
      )}
      {entry.amount && (
        <span className="inbox-amount">{formatMoney(entry.amount.subunits, entry.amount.currency)}</span>
      )}
      {entry.note && <span className="inbox-note">{entry.note}</span>}
      <span className="inbox-time">{formatNairobi(entry.ts)}</span>
    </li>
  );
}

function Waiting({ inbox, onOpen }: { inbox: InboxAnswer; onOpen: Props['onOpen'] }) {
  const waiting = inbox.due.filter((entry) => entry.count > 0);
  return (
    <section className="card inbox-due" aria-labelledby="inbox-due-title">
      <h3 id="inbox-due-title">Needs action</h3>
      {waiting.length === 0 ? (
        <p>Nothing is overdue or waiting.</p>
      ) : (
        <ul className="inbox-groups">
          {waiting.map((entry) => {
            const section = INBOX_SECTIONS[entry.kind] as Section;
            return (
              <Group key={entry.kind} kind={entry.kind} items={entry.items} section={section} onOpen={onOpen}>
                {counted(entry.count, DUE_WORDS[entry.kind])}
              </Group>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One kind of entry: its count in words, its first items, and the button that opens its tab. */
function Group({
  kind,
  items,
  section,
  onOpen,
  children,
}: {
  kind: string;
  items: InboxItem[];
  section: Section;
  onOpen: Props['onOpen'];
  children: ReactNode;
}) {
  return (
    <li className="inbox-group" data-kind={kind}>
      <p className="inbox-count">{children}</p>
      {items.length > 0 && (
        <ul className="inbox-items">
          {items.map((item) => (
            <ItemLine key={item.id} entry={item} section={section} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <button type="button" className="button small" onClick={() => onOpen(section)}>
        Open {sectionLabel(section)}
      </button>
    </li>
  );
}

function Arrived({ inbox, onOpen }: { inbox: InboxAnswer; onOpen: Props['onOpen'] }) {
  return (
    <section className="card inbox-arrived" aria-labelledby="inbox-arrived-title">
      <h3 id="inbox-arrived-title">Arrived since Monday</h3>
      <ul className="inbox-groups">
        {inbox.arrivals.map((entry) => {
          const section = INBOX_SECTIONS[entry.kind] as Section;
          return (
            <Group key={entry.kind} kind={entry.kind} items={entry.items} section={section} onOpen={onOpen}>
              {counted(entry.sinceMonday, ARRIVAL_WORDS[entry.kind])} since Monday
              {inbox.lastVisit !== null && `, ${entry.sinceVisit} since your last visit`}
            </Group>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The first screen after sign-in: what waits for staff, then what arrived since Monday (Nairobi), with what came after
 * the staff member's last visit marked new. It follows every change the live stream brings.
 */
export default function InboxPanel({ label, onOpen }: Props) {
  const state = useStore($inbox);
  useEffect(() => {
    void reloadInbox();
    // The counts reload on every live change; the inbox follows them (not when they are emptied on sign-out).
    const stop = $stats.listen((stats) => {
      if (stats !== null) void reloadInbox();
    });
    return () => {
      stop();
      resetInbox();
    };
  }, []);
  const inbox = state.status === 'loading' ? null : state.inbox;
  return (
    <>
      <div className="panel-head">
        <h2 className="panel-title">{label}</h2>
        <LiveStatus />
      </div>
      <div className="inbox">
        {state.status === 'loading' && <p className="table-count">Loading the inbox…</p>}
        {state.status === 'error' && (
          <div className="form-error" role="alert">
            The inbox could not be read.{' '}
            <button type="button" className="button small" onClick={() => void reloadInbox()}>
              Try again
            </button>
          </div>
        )}
        {inbox && (
          <>
            <p className="inbox-since">
              {inbox.lastVisit === null
                ? 'This is your first visit: everything since Monday is new to you.'
                : `Your last visit ended ${formatNairobi(inbox.lastVisit)} (Nairobi).`}
            </p>
            <Waiting inbox={inbox} onOpen={onOpen} />
            <Arrived inbox={inbox} onOpen={onOpen} />
          </>
        )}
        {/* The counts come with the dashboard's first answer, before the inbox's own. */}
        <section className="inbox-totals" aria-labelledby="inbox-totals-title">
          <h3 id="inbox-totals-title">Kept so far, in all</h3>
          <StatsBar labels={COUNTED} />
        </section>
        <p className="inbox-activity">
          Everything that happened, staff changes included, is in{' '}
          <button type="button" className="inbox-link" onClick={() => onOpen('events')}>
            Recent Activity
          </button>
          .
        </p>
      </div>
    </>
  );
}
