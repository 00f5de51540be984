-- Staff accounts, the login throttle and uploaded files.

create table admin_users (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  username text not null check (length(username) between 1 and 64),
  -- argon2id PHC string; the password itself is never stored.
  password_hash text not null,
  updated_at timestamptz not null default now()
);
create unique index admin_users_username_key on admin_users (lower(username));

-- One row per failed login; 5 for one username from one client within 15 minutes block that pair.
create table login_failures (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- Lower-cased as typed, so unknown names are throttled like known ones.
  username text not null,
  -- Keyed hash of the client address, never the address itself.
  client text not null
);
create index login_failures_lookup_idx on login_failures (username, client, ts);
create index login_failures_ts_idx on login_failures (ts);

-- Uploaded files live in Postgres (see docs/decisions.md): one durable store, included in backups.
create table uploads (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- Safe file name with the extension of the detected type; part of the public URL.
  name text not null check (name ~ '^[a-z0-9][a-z0-9._-]{0,99}$'),
  content_type text not null,
  size integer not null check (size between 1 and 4194304),
  data bytea not null,
  uploaded_by text not null
);
