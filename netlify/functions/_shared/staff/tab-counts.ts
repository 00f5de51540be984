/** How many records each tab of the /samu dashboard holds, as its opening page shows them. */
import { query } from '../platform/db.ts';

/** Table behind each counted resource. */
const TABLES = {
  events: 'events',
  contacts: 'contacts',
  newsletter: 'newsletter_subscribers',
  volunteers: 'volunteers',
  programs: 'programs',
  blog: 'blog_posts',
  donations: 'donations',
  gifts: 'gifts',
  media: 'media',
  children: 'children',
  calendar: 'site_events',
  team: 'team_members',
} as const;

/** The number of rows behind each counted resource, read in one statement. */
export async function tabCounts(): Promise<Record<keyof typeof TABLES, number>> {
  const counts = Object.entries(TABLES)
    .map(([name, table]) => `(select count(*) from ${table})::float8 as ${name}`)
    .join(', ');
  const [row] = await query<Record<keyof typeof TABLES, number>>(`select ${counts}`);
  return row!;
}
