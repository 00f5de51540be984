-- The client limit counts one client's failed sign-ins across every username within the window.
create index login_failures_client_ts_idx on login_failures (client, ts);
