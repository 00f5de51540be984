-- Emails to the people who wrote to the charity (receipts, confirmations, acknowledgements, replies), beside the
-- staff notifications: the same outbox, retries and audit, with what a personal email needs on top.
alter table notification_outbox drop constraint if exists notification_outbox_kind_check;
alter table notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('submission', 'digest', 'message'));
-- The address a reply goes to (a staff member answering an application); null: the sender.
alter table notification_outbox add column reply_to text;
-- Extra headers by name, e.g. {"List-Unsubscribe": "<https://…>, <mailto:…>"}.
alter table notification_outbox add column headers jsonb not null default '{}'::jsonb;
-- Files sent with the email: [{"filename": "receipt-0001.pdf", "contentType": "application/pdf", "content": "<base64>"}].
alter table notification_outbox add column attachments jsonb not null default '[]'::jsonb;

-- Who sponsors which child (issues 29 and 30): created from a confirmed sponsorship gift or by staff in /samu.
create table sponsorships (
  id bigint generated always as identity primary key,
  -- The child's id as the site knows it (children collection).
  child_id text not null,
  sponsor_name text not null,
  sponsor_email text,
  -- What the sponsor gives each period, in the currency's subunit (cents for USD).
  amount_subunits integer check (amount_subunits is null or amount_subunits > 0),
  currency text check (currency is null or currency ~ '^[A-Z]{3}$'),
  frequency text not null default 'monthly' check (frequency in ('monthly', 'yearly', 'one-time')),
  state text not null default 'active' check (state in ('active', 'ended')),
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  -- The gift that started it (text: the gift's id or provider reference), null when staff recorded it by hand.
  gift_ref text,
  -- `staff:<username>` or `paystack`, `mpesa`.
  created_by text not null,
  updated_at timestamptz not null default now()
);
-- A child has at most one active sponsorship.
create unique index sponsorships_active_child_idx on sponsorships (child_id) where state = 'active';
create index sponsorships_email_idx on sponsorships (lower(sponsor_email));
