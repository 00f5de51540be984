-- Commitments: every monthly (or quarterly, yearly) gift and every sponsorship is a promise to give each period.
-- Each period has an instalment, paid by one confirmed gift; the commitment's state follows from its instalments
-- (netlify/functions/_shared/commitments.ts owns the rules and keeps `state` current).
create table commitments (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  kind text not null check (kind in ('donation', 'sponsorship')),
  -- What it supports: a cause (donations) or a child's site id (sponsorships).
  cause text,
  child_id text,
  sponsorship_type text,
  donor_name text,
  donor_email text,
  donor_phone text,
  anonymous boolean not null default false,
  -- What each instalment is, in the currency's smallest unit.
  amount_subunits bigint not null check (amount_subunits > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- card: a Paystack subscription charges it; mpesa: the supporter pays the Paybill with the account below;
  -- other: staff record each payment (cash, bank, PayPal).
  method text not null check (method in ('card', 'mpesa', 'other')),
  -- Months between instalments (1 monthly, 3 quarterly, 12 yearly).
  interval_months smallint not null default 1 check (interval_months in (1, 3, 12)),
  -- The day of the month each instalment is due (29–31 become 28, so every month has it).
  due_day smallint not null check (due_day between 1 and 28),
  -- The first instalment's month (its first day); null while the commitment waits for its first payment.
  starts_on date,
  state text not null default 'pending'
    check (state in ('pending', 'active', 'late', 'lapsed', 'paused', 'ended')),
  state_since timestamptz not null default now(),
  -- The provider said the subscription stopped (card cancelled, charges failing for good), and why.
  provider_stopped_at timestamptz,
  stop_reason text,
  paused_at timestamptz,
  ended_at timestamptz,
  -- `staff:<username>`, or `donor` when the supporter stopped it.
  ended_by text,
  end_reason text,
  -- Paystack's subscription (card commitments) and plan.
  subscription_code text unique,
  plan_code text,
  -- The Paybill account number of an M-Pesa commitment (BillRefNumber, at most 20 characters).
  account text unique check (account ~ '^[A-Z0-9]{4,20}$'),
  -- The gift whose checkout made the commitment (its first instalment once paid).
  gift_id bigint unique references gifts (id) on delete set null,
  -- The sponsor record a sponsorship started (the child's `sponsorships` row; the link goes this way only, so a
  -- restore can insert sponsorships first).
  sponsorship_id bigint references sponsorships (id) on delete set null,
  -- A lapsed sponsorship asks staff to contact the sponsor: when it asked, and when and by whom it was done.
  contact_due_at timestamptz,
  contact_done_at timestamptz,
  contact_done_by text,
  updated_at timestamptz not null default now(),
  check (kind = 'donation' or child_id is not null),
  check (method <> 'mpesa' or account is not null)
);
create index commitments_state_idx on commitments (state);
create index commitments_email_idx on commitments (lower(donor_email));
create index commitments_child_idx on commitments (child_id) where child_id is not null;

-- One row per period of a commitment, made when the period falls due (or when a payment arrives for it).
create table commitment_instalments (
  commitment_id bigint not null references commitments (id) on delete cascade,
  -- The period's first day.
  period date not null,
  due_on date not null,
  -- The confirmed gift that paid it.
  gift_id bigint unique references gifts (id) on delete set null,
  paid_at timestamptz,
  -- When the reminder email for it was queued (M-Pesa commitments).
  reminded_at timestamptz,
  primary key (commitment_id, period)
);

-- The copy of what the ledger held before (tests/unit/commitments.test.ts replays everything from this line on).
-- Every monthly gift already in the ledger becomes a commitment, its confirmed payments its paid instalments.
insert into commitments (created_at, kind, cause, child_id, sponsorship_type, donor_name, donor_email, donor_phone,
  anonymous, amount_subunits, currency, method, interval_months, due_day, starts_on, state, subscription_code,
  plan_code, gift_id, provider_stopped_at, stop_reason)
select g.ts, g.kind, g.cause, g.child_id, g.sponsorship_type, g.donor_name, g.donor_email, g.donor_phone, g.anonymous,
  g.amount_subunits, g.currency,
  case when g.provider = 'paystack' and g.method <> 'mpesa' then 'card' else 'other' end,
  case g.frequency when 'quarterly' then 3 when 'annual' then 12 else 1 end,
  least(extract(day from ((coalesce(g.confirmed_at, g.ts) at time zone 'UTC') + interval '3 hours'))::int, 28),
  case when g.state = 'confirmed'
       then date_trunc('month', (coalesce(g.confirmed_at, g.ts) at time zone 'UTC') + interval '3 hours')::date end,
  case when g.state = 'confirmed' then 'active' else 'pending' end,
  g.subscription_code, g.plan_code, g.id,
  case when g.subscription_state = 'cancelled' then now() end,
  case when g.subscription_state = 'cancelled' then 'The card subscription was cancelled at Paystack.' end
from gifts g
where g.frequency <> 'one-time' and g.parent_id is null and g.state in ('pending', 'confirmed');

-- Their paid instalments: the first payment, then each renewal in the next period.
insert into commitment_instalments (commitment_id, period, due_on, gift_id, paid_at)
select c.id, p.period, p.period + (c.due_day - 1), p.gift_id, p.paid_at
from commitments c
join lateral (
  select (c.starts_on + make_interval(months => (row_number() over (order by g.confirmed_at, g.id) - 1)::int
           * c.interval_months))::date as period,
         g.id as gift_id, g.confirmed_at as paid_at
  from gifts g
  where g.state = 'confirmed' and (g.id = c.gift_id or g.parent_id = c.gift_id)
) p on true
where c.starts_on is not null;

-- Every active sponsor record is paid by a commitment: one made from its gift above, else a new one with the
-- record's own terms (a sponsorship staff recorded, or one started by a one-off gift), paid by staff ("other"). No
-- payment of those was tracked before, so their first instalment is next month's: none is late on the day of the move.
update commitments c set sponsorship_id = s.id
from sponsorships s
where s.state = 'active' and c.kind = 'sponsorship' and c.child_id = s.child_id and s.gift_ref = c.gift_id::text;

insert into commitments (created_at, kind, child_id, donor_name, donor_email, amount_subunits, currency, method,
  interval_months, due_day, starts_on, state, sponsorship_id)
select s.started_at, 'sponsorship', s.child_id, s.sponsor_name, s.sponsor_email, coalesce(s.amount_subunits, 100),
  coalesce(s.currency, 'USD'), 'other', case s.frequency when 'yearly' then 12 else 1 end,
  least(extract(day from ((s.started_at at time zone 'UTC') + interval '3 hours'))::int, 28),
  (date_trunc('month', now()) + interval '1 month')::date, 'active', s.id
from sponsorships s
where s.state = 'active' and not exists (select 1 from commitments c where c.sponsorship_id = s.id);
