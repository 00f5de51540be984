-- A Paystack charge is stored with its signed body and answered before it is settled: `payload` holds that body
-- until the transaction that settles the event clears it, so a row with a payload is one still to settle (by the
-- instance that received it, or by the scheduled sweep after a crash).
alter table payment_events add column payload text;
create index payment_events_unsettled_idx on payment_events (ts) where payload is not null;
