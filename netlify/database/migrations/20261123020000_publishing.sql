-- Publishing from the dashboard: drafts and published items with every field the public pages show,
-- the record of site builds that tells the dashboard whether a change is live, and a media entry per upload.

alter table blog_posts
  add column status text not null default 'draft' check (status in ('draft', 'published')),
  add column date text not null default '' check (date = '' or date ~ '^\d{4}-\d{2}-\d{2}$'),
  add column category text not null default '',
  add column author text not null default '',
  add column tags text[] not null default '{}',
  add column alt text not null default '',
  -- Last change the public site must show (publish, edit while published, unpublish); null: never on the site.
  add column site_changed_at timestamptz;

alter table programs
  add column status text not null default 'draft' check (status in ('draft', 'published')),
  add column date text not null default '' check (date = '' or date ~ '^\d{4}-\d{2}-\d{2}$'),
  add column alt text not null default '',
  add column position integer not null default 0,
  add column site_changed_at timestamptz;

-- Set in the database so every writer (dashboard, restore, psql) marks the change the same way.
create function note_site_change() returns trigger language plpgsql as $$
begin
  if new.status = 'published' or (tg_op = 'UPDATE' and old.status = 'published') then
    new.site_changed_at := now();
  end if;
  return new;
end
$$;

create trigger blog_posts_site_change before insert or update on blog_posts
  for each row execute function note_site_change();
create trigger programs_site_change before insert or update on programs
  for each row execute function note_site_change();

-- One row per build hook request, hook call and build outcome (docs/decisions.md, "Publishing state").
create table site_builds (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  event text not null check (event in ('requested', 'triggered', 'succeeded', 'failed')),
  -- The database content the attempt covers: every change made before this moment is in it.
  content_at timestamptz not null default now(),
  message text not null default ''
);
create index site_builds_event_content_idx on site_builds (event, content_at);

-- Every upload gets a media entry, so the Media tab lists them all; earlier uploads are added here.
insert into media (name, url, meta, ts)
select u.name, '/media/' || u.id || '/' || u.name, '{}'::jsonb, u.ts
from uploads u
where not exists (select 1 from media m where m.url = '/media/' || u.id || '/' || u.name)
order by u.id;

-- Slugs the committed Markdown files use, written by each build's content loader (src/loaders/database.ts):
-- the functions refuse those slugs (409) without shipping or reading the content files themselves.
create table content_files (
  kind text not null check (kind in ('blog', 'programs')),
  slug text not null,
  path text not null,
  primary key (kind, slug)
);
