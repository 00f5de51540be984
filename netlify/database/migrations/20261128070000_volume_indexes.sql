-- At year-five volume, what the gift totals, the month-end CSV and PDF and the yearly statements read is the
-- confirmed gifts of a range of Nairobi days. Without this index every one of them reads every gift (about ten scans
-- of the whole table for one totals page); with it, only the period's own rows.
create index if not exists gifts_received_day_idx on gifts (((confirmed_at at time zone 'Africa/Nairobi')::date))
  where state = 'confirmed';
