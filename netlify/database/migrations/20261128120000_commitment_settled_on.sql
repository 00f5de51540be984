-- The Nairobi day the daily run last brought a commitment's instalments and state up to (commitment-reminders.ts).
-- A run that reaches its time limit leaves the rest for the next one, which takes the least recently settled first.
alter table commitments add column settled_on date;
