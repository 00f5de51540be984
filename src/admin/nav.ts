/**
 * The dashboard's navigation: six groups, each with the sections staff know by name. A section's id is its address
 * hash (`/samu#gifts`); a group has no address of its own and opens on the section last chosen in it.
 */
import type { Resource } from './stores/data.ts';

/** A dashboard section: the inbox, one of the lists, the notification settings and outbox, privacy, or staff. */
export type Section = Resource | 'inbox' | 'letters' | 'site' | 'notifications' | 'privacy' | 'staff';

/** One section as its tab names it. */
export type SectionTab = { readonly id: Section; readonly label: string };

/** A group of sections. */
export type Group = { readonly id: string; readonly label: string; readonly sections: readonly SectionTab[] };

/** The groups, in order, each with its sections in order. */
export const GROUPS: readonly Group[] = [
  {
    id: 'inbox',
    label: 'Inbox',
    sections: [
      { id: 'inbox', label: 'New and to do' },
      { id: 'events', label: 'Recent Activity' },
    ],
  },
  {
    id: 'money',
    label: 'Money',
    sections: [
      { id: 'gifts', label: 'Gifts' },
      { id: 'donations', label: 'Donations' },
    ],
  },
  {
    id: 'people',
    label: 'People',
    sections: [
      { id: 'contacts', label: 'Contacts' },
      { id: 'volunteers', label: 'Applications' },
      { id: 'newsletter', label: 'Subscribers' },
      { id: 'privacy', label: 'Privacy' },
    ],
  },
  {
    id: 'children',
    label: 'Children & sponsors',
    sections: [
      { id: 'children', label: 'Children' },
      { id: 'letters', label: 'Letters' },
    ],
  },
  {
    id: 'website',
    label: 'Website',
    sections: [
      { id: 'programs', label: 'Programs' },
      { id: 'blog', label: 'Blog Posts' },
      { id: 'calendar', label: 'Events' },
      { id: 'media', label: 'Media' },
      { id: 'team', label: 'Team' },
      { id: 'site', label: 'Site settings' },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    sections: [
      { id: 'notifications', label: 'Notifications' },
      { id: 'staff', label: 'Staff' },
    ],
  },
];

/** Every section, group by group. */
export const SECTIONS: readonly SectionTab[] = GROUPS.flatMap((group) => group.sections);

/** The sections whose lists the inbox counts in all (the others are settings, not lists). */
export const COUNTED: readonly SectionTab[] = SECTIONS.filter(
  (tab) => !['inbox', 'letters', 'site', 'notifications', 'privacy', 'staff'].includes(tab.id),
);

/** The section the dashboard opens on. */
export const FIRST_SECTION: Section = 'inbox';

/** The group holding `section`. */
export function groupOf(section: Section): Group {
  return GROUPS.find((group) => group.sections.some((tab) => tab.id === section)) ?? GROUPS[0]!;
}

/** The section an address hash names (`#gifts`, `gifts`), or undefined. */
export function sectionFromHash(hash: string): Section | undefined {
  const id = hash.replace(/^#/, '');
  return SECTIONS.find((tab) => tab.id === id)?.id;
}

/** Per group id, the sum of its sections' "new" counts. */
export function groupBadges(counts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    GROUPS.map((group) => [group.id, group.sections.reduce((sum, tab) => sum + (counts[tab.id] ?? 0), 0)]),
  );
}
