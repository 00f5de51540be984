-- Revocable staff sessions: every token names one row here, and the staff check reads it on each request.

-- Set whenever the password is set; sessions made before it no longer count.
alter table admin_users add column password_changed_at timestamptz not null default now();

create table admin_sessions (
  -- Random, named by the token's `sid` claim; the token's signature is what proves it.
  id uuid primary key,
  -- Deleting the account deletes its sessions, so its tokens stop working at once.
  user_id bigint not null references admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set by logout, by ending it from the session list, or by a password change.
  ended_at timestamptz,
  -- Keyed hash of the client address (never the address): lets the account-wide login limit spare
  -- clients the staff member has signed in from before.
  client text not null,
  -- The browser, as its User-Agent says, so staff can tell their sessions apart.
  user_agent text not null default ''
);
create index admin_sessions_user_idx on admin_sessions (user_id, client, created_at);
create index admin_sessions_expires_idx on admin_sessions (expires_at);

-- Failures per username across every client, for the account-wide limit.
create index login_failures_username_ts_idx on login_failures (username, ts);
