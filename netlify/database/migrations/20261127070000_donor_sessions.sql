-- My giving: donors sign in with a one-time link sent to the address on their gifts, and get a short session of their
-- own, kept apart from staff sessions (admin_sessions). Only SHA-256 digests of the secrets are stored.

-- One-time sign-in links: usable once, until `expires_at`.
create table donor_sign_in_links (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- SHA-256 of the secret in the link; the secret itself is never stored.
  token_hash text not null unique,
  -- The address the link was sent to, and the only one it signs in.
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index donor_sign_in_links_email_idx on donor_sign_in_links (lower(email));

-- Donor sessions: the cookie holds the secret, the row its digest and the address it shows the gifts of.
create table donor_sessions (
  id bigint generated always as identity primary key,
  -- SHA-256 of the cookie's secret.
  token_hash text not null unique,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index donor_sessions_email_idx on donor_sessions (lower(email));
