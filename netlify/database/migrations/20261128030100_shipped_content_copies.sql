-- The stories, programs and events that shipped as files become records staff edit in /samu, as children and the
-- team are: the first time /samu lists them, each file entry is copied into its table marked `file_copy` (the file's
-- text keeps showing until the row is edited), and its slug is noted in a ledger, so a copy staff removed is never
-- copied again and the build leaves its file out.
alter table blog_posts add column file_copy boolean not null default false;
alter table programs add column file_copy boolean not null default false;
alter table site_events add column file_copy boolean not null default false;

create table blog_seed_copies (
  slug text primary key,
  copied_at timestamptz not null default now()
);

create table program_seed_copies (
  slug text primary key,
  copied_at timestamptz not null default now()
);

create table event_seed_copies (
  slug text primary key,
  copied_at timestamptz not null default now()
);

-- The Markdown files' entries as the last build read them (fields and body), recorded with their slugs by the same
-- deploy step: the functions copy them from here and never read the content files themselves.
alter table content_files add column seed jsonb;
