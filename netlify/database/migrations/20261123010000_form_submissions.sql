-- Ids of accepted form submissions: a form resent after a lost connection carries the same
-- browser-made id, and the primary key lets the track function store it exactly once. (Not named `id`: backups
-- page through `id` columns as numbers.)
create table form_submissions (
  submission_id text primary key check (length(submission_id) between 8 and 64),
  ts timestamptz not null default now()
);
