-- Letters from sponsors to the child they sponsor. They pass through staff, never straight to the child: staff review
-- each one for contact details, approve it, ask the sponsor to change it (with a reason) or decline it; approved
-- letters are printed for the field visit and marked delivered. Nothing here is ever shown on a public page.
create table sponsor_letters (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sponsorship_id bigint not null references sponsorships (id),
  child_id bigint not null references children (id),
  -- The sponsor's address when they wrote: the letter is theirs, found by it for an export or an erasure.
  sponsor_email text not null,
  body text not null check (length(btrim(body)) between 1 and 4000),
  -- An optional photo the sponsor sent with it (checked to be an image at upload), kept with the letter only.
  photo bytea,
  photo_type text,
  state text not null default 'review'
    check (state in ('review', 'changes', 'approved', 'declined', 'delivered')),
  -- Why staff asked for a change or declined it, as the sponsor was told.
  reason text,
  -- Findings staff confirmed as harmless (a first name that looked like a surname, say).
  confirmed text[] not null default '{}',
  reviewed_by text,
  reviewed_at timestamptz,
  delivered_by text,
  delivered_at timestamptz,
  check (photo is null or (photo_type is not null and octet_length(photo) <= 4194304))
);
create index sponsor_letters_state_idx on sponsor_letters (state, id);
create index sponsor_letters_email_idx on sponsor_letters (lower(sponsor_email));
create index sponsor_letters_child_idx on sponsor_letters (child_id, id desc);

-- A child's reply reaches the sponsor as news: its scan is a picture, its transcription the text.
alter table child_updates add column kind text not null default 'news' check (kind in ('news', 'reply'));
