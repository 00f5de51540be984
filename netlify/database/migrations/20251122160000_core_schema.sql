-- Core records of the site plus the rate-limit counters. Ids are identities, so `order by id desc`
-- (newest first, cursor `id < $n`) is served by each primary key scanned backwards.

create table events (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  type text not null check (length(type) between 1 and 100),
  payload jsonb not null default '{}'::jsonb
);

create table contacts (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  name text not null,
  email text not null,
  subject text not null default '',
  type text not null default 'general',
  message text not null
);

create table newsletter_subscribers (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  email text not null,
  name text
);
create unique index newsletter_subscribers_email_key on newsletter_subscribers (lower(email));

create table volunteers (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  name text not null,
  email text not null,
  -- The rest of the form, plus `form`: the tracking type it came from.
  details jsonb not null default '{}'::jsonb
);

create table programs (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  title text not null,
  slug text not null unique,
  summary text not null default '',
  content text not null default '',
  image text not null default '',
  updated_at timestamptz not null default now()
);

create table blog_posts (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  title text not null,
  slug text not null unique,
  excerpt text not null default '',
  content text not null default '',
  cover text not null default '',
  updated_at timestamptz not null default now()
);

create table media (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  name text not null,
  url text not null,
  meta jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

create table donations (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- Null when the donor asked to stay anonymous.
  donor_name text,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$')
);

-- Fixed-window counters, one row per (scope, hashed client); functions share no memory.
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);
create index rate_limits_window_start_idx on rate_limits (window_start);
