import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { msUntilExpiry } from './lib/token.ts';
import { endSessionOnServer } from './api.ts';
import { expireSession, signOut } from './stores/session.ts';
import { $stats, reloadStats, resetData, type Resource } from './stores/data.ts';
import { $seen, isSeenList, reloadSeen, resetSeen, watchOpened } from './stores/seen.ts';
import { startLive } from './stores/live.ts';
import AdminHeader from './AdminHeader.tsx';
import StatsBar from './StatsBar.tsx';
import TabList from './TabList.tsx';
import ActivityPanel from './ActivityPanel.tsx';
import RecordsPanel from './RecordsPanel.tsx';
import ContentPanel from './ContentPanel.tsx';
import { CONTENT } from './content.tsx';
import { CHILDREN } from './children.tsx';
import { CALENDAR } from './calendar.tsx';
import { TEAM } from './team.tsx';
import { RECORDS } from './columns.tsx';
import OutboxPanel from './OutboxPanel.tsx';
import ApplicationsPanel from './ApplicationsPanel.tsx';
import CasePanel from './CasePanel.tsx';
import { CASE_PANELS } from './case-panels.tsx';
import StaffPanel from './StaffPanel.tsx';
import GiftsPanel from './GiftsPanel.tsx';
import PrivacyPanel from './PrivacyPanel.tsx';

/** A dashboard tab: one of the lists, the notification settings and outbox, privacy, or the staff accounts. */
type Tab = Resource | 'notifications' | 'privacy' | 'staff';

type Props = { readonly token: string };

/** The tabs, in the order and with the names staff know them by. */
const TABS: readonly { readonly id: Tab; readonly label: string }[] = [
  { id: 'events', label: 'Recent Activity' },
  { id: 'contacts', label: 'Contacts' },
  { id: 'newsletter', label: 'Subscribers' },
  { id: 'volunteers', label: 'Applications' },
  { id: 'programs', label: 'Programs' },
  { id: 'blog', label: 'Blog Posts' },
  { id: 'donations', label: 'Donations' },
  { id: 'gifts', label: 'Gifts' },
  { id: 'media', label: 'Media' },
  { id: 'children', label: 'Children' },
  { id: 'calendar', label: 'Events' },
  { id: 'team', label: 'Team' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'staff', label: 'Staff' },
];

/** The tabs with a count in the stats bar. */
const COUNTED = TABS.filter((tab) => tab.id !== 'notifications' && tab.id !== 'privacy' && tab.id !== 'staff');

const LONGEST_TIMER_MS = 2 ** 31 - 1;

function tabFromHash(): Tab {
  const hash = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return TABS.find((tab) => tab.id === hash)?.id ?? 'events';
}

/** The dashboard a signed-in staff member sees: header, counts, tabs, and the live stream behind them. */
export default function SignedIn({ token }: Props) {
  const [selected, setSelected] = useState<Tab>(tabFromHash);
  const seen = useStore($seen);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    // Each list loads when its tab is first shown (stores/data.ts); the counts are needed at once.
    void reloadStats();
    const stop = startLive();
    // The "new" counts follow the other counts, which reload on every live change.
    const stopSeen = $stats.listen(() => void reloadSeen());
    void reloadSeen();
    return () => {
      stop();
      stopSeen();
      resetData();
      resetSeen();
    };
  }, []);

  // Opening a list clears its "new" count for this staff member only.
  useEffect(() => (isSeenList(selected) ? watchOpened(selected) : undefined), [selected]);

  useEffect(() => {
    // Return to the login form when the token runs out, even if no call is made in the meantime.
    const timer = setTimeout(() => expireSession(token), Math.min(LONGEST_TIMER_MS, msUntilExpiry(token)));
    return () => clearTimeout(timer);
  }, [token]);

  function select(id: string): void {
    const tab = TABS.find((candidate) => candidate.id === id);
    if (!tab) return;
    setSelected(tab.id);
    history.replaceState(null, '', `#${tab.id}`);
  }

  return (
    <div className="admin">
      <AdminHeader
        headingRef={headingRef}
        onLogout={() => {
          // Ends the session on the server too, so the token is worthless even if it was copied.
          void endSessionOnServer(token);
          signOut();
        }}
      />
      <main className="admin-main">
        <StatsBar labels={COUNTED} />
        <TabList
          label="Dashboard sections"
          idPrefix="tab"
          tabs={TABS}
          selected={selected}
          onSelect={select}
          {...(seen ? { badges: seen.counts } : {})}
        />
        {TABS.map((tab) => (
          <section
            key={tab.id}
            id={`tab-${tab.id}-panel`}
            role="tabpanel"
            aria-labelledby={`tab-${tab.id}`}
            hidden={tab.id !== selected}
            className="panel"
          >
            {tab.id === selected && panelFor(tab.id, tab.label)}
          </section>
        ))}
      </main>
    </div>
  );
}

function panelFor(resource: Tab, label: string) {
  switch (resource) {
    case 'notifications':
      return <OutboxPanel label={label} />;
    case 'staff':
      return <StaffPanel label={label} />;
    case 'privacy':
      return <PrivacyPanel label={label} />;
    case 'events':
      return <ActivityPanel label={label} />;
    case 'gifts':
      return <GiftsPanel label={label} />;
    case 'programs':
    case 'blog':
    case 'media':
      return <ContentPanel key={resource} label={label} config={CONTENT[resource]} />;
    case 'volunteers':
      return <ApplicationsPanel label={label} />;
    case 'children':
      return <ContentPanel key={resource} label={label} config={CHILDREN} />;
    case 'calendar':
      return <ContentPanel key={resource} label={label} config={CALENDAR} />;
    case 'team':
      return <ContentPanel key={resource} label={label} config={TEAM} />;
    case 'contacts':
      return <CasePanel label={label} {...CASE_PANELS.contacts} />;
    case 'newsletter':
    case 'donations':
      return <RecordsPanel key={resource} label={label} config={RECORDS[resource]} />;
  }
}
