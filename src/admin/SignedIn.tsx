import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { msUntilExpiry } from './lib/token.ts';
import { endSessionOnServer } from './api.ts';
import { expireSession, signOut } from './stores/session.ts';
import { $stats, reloadStats, resetData } from './stores/data.ts';
import { $seen, isSeenList, reloadSeen, resetSeen, watchOpened } from './stores/seen.ts';
import { startLive } from './stores/live.ts';
import AdminHeader from './AdminHeader.tsx';
import TabList from './TabList.tsx';
import InboxPanel from './InboxPanel.tsx';
import { FIRST_SECTION, GROUPS, SECTIONS, groupBadges, groupOf, sectionFromHash, type Section } from './nav.ts';
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
import LettersPanel from './LettersPanel.tsx';
import SiteSettingsPanel from './SiteSettingsPanel.tsx';

type Props = { readonly token: string };

const LONGEST_TIMER_MS = 2 ** 31 - 1;

function sectionFromAddress(): Section {
  return (typeof location === 'undefined' ? undefined : sectionFromHash(location.hash)) ?? FIRST_SECTION;
}

/** The dashboard a signed-in staff member sees: header, counts, tabs, and the live stream behind them. */
export default function SignedIn({ token }: Props) {
  const [selected, setSelected] = useState<Section>(sectionFromAddress);
  // Per group, the section last shown in it: choosing the group again returns there.
  const [lastInGroup, setLastInGroup] = useState<Readonly<Record<string, Section>>>(() => ({
    [groupOf(selected).id]: selected,
  }));
  const group = groupOf(selected);
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

  /** Shows a section; with `item`, its list points at that row (as an email's link does). */
  function select(id: string, item?: string): void {
    const section = sectionFromHash(id);
    if (!section) return;
    setSelected(section);
    setLastInGroup((last) => ({ ...last, [groupOf(section).id]: section }));
    history.replaceState(null, '', item === undefined ? `#${section}` : `?item=${encodeURIComponent(item)}#${section}`);
  }

  /** The section a group opens on: the one last shown in it, else its first. */
  function sectionOfGroup(id: string): Section {
    const chosen = GROUPS.find((candidate) => candidate.id === id);
    return lastInGroup[id] ?? chosen?.sections[0]?.id ?? FIRST_SECTION;
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
        <TabList
          label="Dashboard groups"
          idPrefix="group"
          className="tabs-groups"
          tabs={GROUPS}
          selected={group.id}
          onSelect={(id) => select(sectionOfGroup(id))}
          controls={(id) => `tab-${sectionOfGroup(id)}-panel`}
          {...(seen ? { badges: groupBadges(seen.counts) } : {})}
        />
        <TabList
          key={group.id}
          label="Dashboard sections"
          idPrefix="tab"
          className="tabs-sections"
          tabs={group.sections}
          selected={selected}
          onSelect={(id) => select(id)}
          {...(seen ? { badges: seen.counts } : {})}
        />
        {SECTIONS.map((tab) => (
          <section
            key={tab.id}
            id={`tab-${tab.id}-panel`}
            role="tabpanel"
            aria-labelledby={`tab-${tab.id}`}
            hidden={tab.id !== selected}
            className="panel"
          >
            {tab.id === selected && panelFor(tab.id, tab.label, select)}
          </section>
        ))}
      </main>
    </div>
  );
}

function panelFor(resource: Section, label: string, open: (section: Section, item?: string) => void) {
  switch (resource) {
    case 'inbox':
      return <InboxPanel label={label} onOpen={open} />;
    case 'notifications':
      return <OutboxPanel label={label} />;
    case 'staff':
      return <StaffPanel label={label} />;
    case 'privacy':
      return <PrivacyPanel label={label} />;
    case 'letters':
      return <LettersPanel label={label} />;
    case 'site':
      return <SiteSettingsPanel label={label} />;
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
