-- Staff notifications: the outbox of emails, each staff member's choice, and what each has seen.

-- One email to send. A submission's row is written in the transaction that stores the submission, so it is
-- never lost and never exists for a rolled-back one; `dedup_key` makes a second row for the same thing impossible.
create table notification_outbox (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- 'submission' (one per visitor submission) or 'digest' (one per day and audience).
  kind text not null check (kind in ('submission', 'digest')),
  -- `submission:<event id>` or `digest:<YYYY-MM-DD>:<audience>`.
  dedup_key text not null unique,
  -- The tracking type (`contact_submit`, …) or `digest`.
  source text not null,
  -- Where the link points: the dashboard tab and the row in it.
  resource text not null,
  record_id text,
  -- Addresses as one header value (`a@example.org, b@example.org`); empty when nobody was to be told.
  recipients text not null default '',
  subject text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  -- A claimed row is pushed into the future (a lease), so a crashed sender's rows are retried, never doubled.
  next_attempt_at timestamptz not null default now(),
  give_up_at timestamptz not null default now() + interval '1 day',
  last_error text,
  sent_at timestamptz,
  updated_at timestamptz not null default now()
);
create index notification_outbox_due_idx on notification_outbox (next_attempt_at) where status = 'pending';
create index notification_outbox_ts_idx on notification_outbox (ts);

-- How each staff account (lower-cased username, the session token's subject) wants to hear about submissions.
create table staff_preferences (
  username text primary key,
  email text,
  notify text not null default 'none' check (notify in ('instant', 'digest', 'none')),
  updated_at timestamptz not null default now()
);

-- The newest row of each list a staff member has seen; rows above it are "new" for that staff member only.
create table staff_seen (
  username text not null,
  resource text not null,
  last_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (username, resource)
);
