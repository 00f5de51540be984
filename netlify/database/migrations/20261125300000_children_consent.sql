-- Children as records staff edit in /samu, each with the guardian's consent that decides what the public
-- site may show. The committed src/content/children.json is the seed: its children are copied here the first time
-- the dashboard lists children (netlify/functions/admin-children.ts), marked `file_copy` until someone edits them.

create table children (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The child's id on the site (/sponsor?child=<slug>); sponsorships.child_id holds it.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  age integer not null check (age between 3 and 18),
  -- Neighbourhood at most, never a home address.
  location text not null default '',
  school text not null default '',
  grade text not null default '',
  story text not null default '',
  needs text[] not null default '{}',
  -- A picture from Media (/media/<id>/<name>) or, for a copy of a committed child, its file's asset path.
  image text not null default '',
  alt text not null default '',
  monthly_need integer not null check (monthly_need between 5400 and 10125),
  interests text[] not null default '{}',
  family text not null default '',
  achievements text[] not null default '{}',
  dream_job text not null default '',
  position integer not null default 0,
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- 'left': the child left the programme and is never offered to sponsors again.
  programme text not null default 'in' check (programme in ('in', 'left')),
  -- True while the row is the unchanged copy of a committed child: the file's text wins (git edits still apply).
  file_copy boolean not null default false,
  site_changed_at timestamptz
);

-- Children reuse the publishing trigger of posts and programs; consent and sponsorship changes mark it by hand.
create trigger children_site_change before insert or update on children
  for each row execute function note_site_change();

-- A guardian's consent: who gave it, what it covers, how and until when. Never deleted: a withdrawal is recorded
-- on the row, a renewal is a new row. The child's current consent is the newest row not withdrawn.
create table child_consents (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  child_id bigint not null references children (id),
  guardian_name text not null check (length(btrim(guardian_name)) > 0),
  guardian_relation text not null check (length(btrim(guardian_relation)) > 0),
  given_on date not null,
  valid_until date not null,
  -- profile: name, age, story and the rest of the text; photo; school; location (neighbourhood).
  covers text[] not null check (
    covers <@ array['profile', 'photo', 'school', 'location']::text[] and 'profile' = any (covers)
  ),
  -- The paper form's reference, e.g. "CF-2026-014".
  form_ref text not null default '',
  recorded_by text not null,
  withdrawn_at timestamptz,
  withdrawn_by text,
  withdrawal_note text not null default '',
  check (valid_until >= given_on)
);
create index child_consents_child_idx on child_consents (child_id, id desc);
