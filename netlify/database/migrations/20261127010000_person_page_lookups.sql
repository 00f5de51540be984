-- A person's page finds the donation form of each donation by its time (both are stored in one transaction and carry
-- the same `ts`): this index makes that lookup one probe instead of a scan of every event.
create index if not exists events_donation_intent_ts_idx on events (ts) where type = 'donation_intent';
