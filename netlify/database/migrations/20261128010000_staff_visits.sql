-- When each staff member last looked at the dashboard's inbox, so the inbox can mark what arrived since their last
-- visit. A visit is a session: while the same session keeps reading the inbox, `last_seen_at` moves forward and
-- `previous_seen_at` stays; the first read from a new session makes the old `last_seen_at` the previous visit.
create table staff_visits (
  username text primary key,
  session_id text not null,
  last_seen_at timestamptz not null,
  previous_seen_at timestamptz
);

-- The inbox counts what arrived since Monday and since the last visit: each list read by its arrival time.
create index contacts_ts_idx on contacts (ts);
create index volunteers_ts_idx on volunteers (ts);
create index gifts_ts_idx on gifts (ts);
create index newsletter_subscribers_ts_idx on newsletter_subscribers (ts);
create index notification_outbox_failed_idx on notification_outbox (ts) where status = 'failed';
