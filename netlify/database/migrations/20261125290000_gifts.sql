-- The ledger of gifts: every gift from the moment a visitor starts a checkout (pending) until the provider
-- confirms it, and gifts sent to the M-Pesa Paybill or recorded by staff, in one table.
create table gifts (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- What the provider knows the gift by: our checkout reference (Paystack), the M-Pesa TransID, or `staff-<id>`.
  reference text not null unique check (length(reference) between 1 and 100),
  -- Where the money came through.
  provider text not null check (provider in ('paystack', 'mpesa', 'staff')),
  kind text not null default 'donation' check (kind in ('donation', 'sponsorship')),
  frequency text not null default 'one-time' check (frequency in ('one-time', 'monthly', 'quarterly', 'annual')),
  -- The cause of a donation (src/schemas/options.ts DONATION_CAUSES) or null.
  cause text,
  -- The child a sponsorship supports (children collection id) or null.
  child_id text,
  sponsorship_type text,
  -- The amount in the currency's smallest unit (cents, KES cents), as the provider charges it.
  amount_subunits bigint not null check (amount_subunits > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- How the donor paid: card, mpesa, bank, cash, cheque, bank_transfer… (the provider's channel once confirmed).
  method text not null,
  state text not null default 'pending'
    check (state in ('pending', 'confirmed', 'failed', 'refunded', 'abandoned')),
  -- Why a gift needs a look before anything else happens (an amount or currency that did not match).
  flag text,
  donor_name text,
  donor_email text,
  donor_phone text,
  anonymous boolean not null default false,
  -- The provider's own id of the transaction (Paystack transaction id, M-Pesa TransID).
  provider_txn text,
  -- The checkout address the provider gave (pending Paystack gifts).
  checkout_url text,
  -- Monthly gifts: Paystack's plan and subscription, and the subscription's state.
  plan_code text,
  subscription_code text,
  subscription_state text check (subscription_state in ('active', 'failed', 'cancelled')),
  -- A later charge of a monthly gift points at the first one.
  parent_id bigint references gifts (id) on delete set null,
  confirmed_at timestamptz,
  -- The receipt's number: sequential, never reused (receipt_counter).
  receipt_no bigint unique,
  -- `paystack`, `mpesa` or `staff:<username>`: who recorded the gift (audit trail).
  recorded_by text not null,
  note text,
  updated_at timestamptz not null default now()
);
create index gifts_state_idx on gifts (state, ts);
create index gifts_email_idx on gifts (lower(donor_email));
create index gifts_subscription_idx on gifts (subscription_code) where subscription_code is not null;

-- Every provider call that was accepted, once: a replayed or duplicated webhook finds its key taken.
create table payment_events (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  provider text not null,
  -- The provider's id of the event or transaction (`charge.success:<txn id>`, the M-Pesa TransID…).
  event_key text not null,
  type text not null,
  gift_id bigint references gifts (id) on delete set null,
  -- What it did: confirmed, flagged, subscription state…
  outcome text not null,
  unique (provider, event_key)
);

-- The last receipt number given: at most one row, made by the first confirmation and bumped in the transaction
-- that confirms each gift (no gaps, no reuse).
create table receipt_counter (
  id boolean primary key default true check (id),
  last bigint not null default 0
);

-- Paystack plans made for recurring gifts, one per amount, currency and interval.
create table paystack_plans (
  currency text not null,
  amount_subunits bigint not null,
  interval text not null,
  plan_code text not null,
  primary key (currency, amount_subunits, interval)
);
