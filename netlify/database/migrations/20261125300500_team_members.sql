-- The team of the About page as records staff edit in /samu, beside src/content/team.json (the seed).
create table team_members (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The member's id on the site.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  role text not null default '',
  -- A Media upload, or the committed portrait of a copied file member.
  image text not null default '',
  bio text not null default '',
  -- Paragraphs separated by a blank line.
  full_bio text not null default '',
  email text not null default '',
  phone text not null default '',
  -- Place on the About page, smallest first.
  position integer not null default 0,
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- Copied from the file and never edited in /samu: the file's text is shown.
  file_copy boolean not null default false,
  site_changed_at timestamptz
);

create trigger team_members_site_change before insert or update on team_members
  for each row execute function note_site_change();

-- Ids of file members already copied into team_members: a member removed in /samu is never copied again, and the
-- build leaves a copied member out once its row is gone.
create table team_seed_copies (
  slug text primary key,
  copied_at timestamptz not null default now()
);
