-- Every Paystack event handled. A charge whose reference the site did not make (a Paystack Payment Page, the Virtual
-- Terminal, a Pesalink bank transfer) is kept as an `unmatched` gift: the money arrived, but what it supports and
-- who gave it wait for staff to assign it, and only then is it confirmed and receipted.
alter table gifts drop constraint gifts_state_check;
alter table gifts add constraint gifts_state_check
  check (state in ('pending', 'confirmed', 'failed', 'refunded', 'abandoned', 'unmatched'));

-- What a sender adds to an email when it sends it, so slow work stays out of the transaction that queued it: the
-- receipt's PDF drawn from the receipt the row describes, a link asked of Paystack. `{"kind": ..., "data": ...}`; only
-- a sender that knows the kind claims the row.
alter table notification_outbox add column complete jsonb;
