-- The charity's events as records staff edit in /samu, beside src/content/events.json. Named `site_events`
-- because `events` is the activity log. A cancelled event shows as cancelled until its date, then disappears.
create table site_events (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The event's id on the site; never one of the file's ids.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  subtitle text not null default '',
  -- Day of the event: before the build date it is past, else upcoming (Nairobi).
  date text not null check (date ~ '^\d{4}-\d{2}-\d{2}$'),
  venue text not null default '',
  image text not null default '',
  alt text not null default '',
  theme text not null default '',
  description text not null default '',
  full_description text not null default '',
  contact_name text not null default '',
  contact_email text not null default '',
  contact_phone text not null default '',
  -- One "time | activity" per line.
  schedule text not null default '',
  expected_impact text[] not null default '{}',
  actual_impact text[] not null default '{}',
  items_needed text[] not null default '{}',
  impact text not null default '',
  long_term_impact text not null default '',
  message text not null default '',
  -- Campaign tag of the contribution link; empty: no link.
  campaign text not null default '',
  status text not null default 'draft' check (status in ('draft', 'published')),
  cancelled boolean not null default false,
  site_changed_at timestamptz
);

create trigger site_events_site_change before insert or update on site_events
  for each row execute function note_site_change();
