-- People's data and consent: confirmed opt-in for the newsletter, a consent record per submission, the
-- runs of the retention job, and the breach record.

-- A subscriber is pending until they open the link of the confirmation email, then confirmed; unsubscribing keeps
-- the row (so a later export can prove the person left) until retention or an erasure removes it. Rows stored before
-- confirmed opt-in existed never confirmed, so they start pending like any new sign-up.
alter table newsletter_subscribers
  add column status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  -- Where the sign-up came from: the footer form (`newsletter_subscribe`) or the donate form (`donation_intent`).
  add column source text not null default 'newsletter_subscribe',
  -- When the last confirmation email was queued: a new sign-up while pending re-sends at most once an hour.
  add column confirm_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  -- The privacy notice version and the exact wording the person agreed to (s.32: consent that can be shown).
  add column notice_version text not null default '',
  add column consent_wording text not null default '',
  add column updated_at timestamptz not null default now();
create index newsletter_subscribers_status_idx on newsletter_subscribers (status, ts);

-- Which privacy notice and consent wording each accepted public form was sent under, and when.
create table consent_records (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- The tracking type of the form.
  form text not null,
  -- The event of the submission (the erasure of its person removes both).
  event_id bigint,
  -- The person's address, so their page lists and their erasure removes the record.
  email text not null,
  notice_version text not null,
  wording text not null
);
create index consent_records_email_idx on consent_records (lower(email));

-- When a record last changed, for retention "one year after the last change"; applications change when staff edit them.
alter table volunteers add column updated_at timestamptz not null default now();
update volunteers set updated_at = ts;

-- One row per retention run: when it ran and how many rows of each kind it removed (counts only, never who).
create table retention_runs (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- {"contacts": 3, "applications": 1, …}
  removed jsonb not null default '{}'::jsonb
);

-- Suspected personal-data breaches (Data Protection Act 2019, s.43: the Data Commissioner within 72 hours).
create table breaches (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  found_at timestamptz not null,
  what text not null,
  -- Who is affected, as a description (a group, a count), never a list of people.
  affected text not null,
  -- Checklist items done, by key (src/schemas/breach.ts); who recorded and changed it is in the audit trail.
  checklist jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
