-- News of a sponsored child that staff write and publish to the child's sponsor: text, photos chosen from Media and,
-- once a year, a progress block. What a sponsor sees of it is decided when they look, by the guardian's consent of
-- that day (netlify/functions/_shared/child-updates.ts), never by what was true when it was written.
create table child_updates (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  child_id bigint not null references children (id),
  -- The day the news is about (a visit, the end of a term).
  update_on date not null,
  body text not null check (length(btrim(body)) between 1 and 5000),
  -- Paths of pictures from Media (/media/<id>/<name>), shown only while consent covers photos.
  photos text[] not null default '{}' check (cardinality(photos) <= 6),
  -- The yearly progress block: school (shown only with school consent), grade, attendance, achievements.
  progress jsonb,
  state text not null default 'draft' check (state in ('draft', 'published')),
  created_by text not null,
  published_at timestamptz,
  published_by text,
  -- How many sponsors were emailed about it when it was published.
  emailed integer not null default 0
);
create index child_updates_child_idx on child_updates (child_id, id desc);
create index child_updates_published_idx on child_updates (child_id, published_at desc) where state = 'published';

-- A sponsor can stop the emails about their child's news and keep the sponsorship (and the news on My giving).
alter table sponsorships add column update_emails boolean not null default true;
