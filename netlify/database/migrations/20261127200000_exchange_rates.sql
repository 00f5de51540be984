-- The shillings one US dollar is counted at in the Gifts tab's totals and month-end reports, as staff set it: every
-- rate ever set is kept with who set it and when, so a report of a past period can state the rate it used.
create table exchange_rates (
  id bigserial primary key,
  kes_per_usd numeric(12, 2) not null check (kes_per_usd > 0),
  set_by text not null,
  set_at timestamptz not null default now()
);
create index exchange_rates_set_at on exchange_rates (set_at);
