-- A person's page finds the rows of one person through the identifiers each row names (person-tables.ts): an address
-- compared as lower(trim(…)), a phone as its key (phone_key below), a name lower-cased with single spaces. These
-- indexes are on exactly those expressions, so each table is searched by probes instead of reading every row.

-- The rule of phoneKey (src/lib/phone.ts) in SQL, the same text as phoneKeySql: a phone's one spelling, or null.
create function phone_key(value text) returns text language sql immutable parallel safe as $$
  select (select case when length(k) >= 6 then k end from (select case
            when d ~ '^((00)?254)?0?[17][0-9]{8}$' then '254' || right(d, 9)
            else regexp_replace(d, '^00', '') end as k from (select regexp_replace(coalesce((value)::text, ''), '[^0-9]', '', 'g') as d) as digits) as keyed)
$$;

create index events_person_email_idx on events (lower(trim(payload->>'email')));
create index events_person_phone_idx on events (phone_key(payload->>'phone'));
create index events_person_name_idx on events (lower(regexp_replace(trim(payload->>'name'), '\s+', ' ', 'g')));
-- The identifiers staff confirmed for a person, found by the keyed hash of who was searched for.
create index events_person_link_idx on events ((payload->>'subject')) where type = 'admin.person.link';

create index gifts_person_email_idx on gifts (lower(trim(donor_email)));
create index gifts_person_phone_idx on gifts (phone_key(donor_phone));
create index gifts_person_name_idx on gifts (lower(regexp_replace(trim(donor_name), '\s+', ' ', 'g')));

create index commitments_person_email_idx on commitments (lower(trim(donor_email)));
create index commitments_person_phone_idx on commitments (phone_key(donor_phone));
create index commitments_person_name_idx on commitments (lower(regexp_replace(trim(donor_name), '\s+', ' ', 'g')));

create index donations_person_name_idx on donations (lower(regexp_replace(trim(donor_name), '\s+', ' ', 'g')));
create index donations_ts_idx on donations (ts);

create index sponsorships_person_email_idx on sponsorships (lower(trim(sponsor_email)));
create index sponsorships_person_name_idx on sponsorships (lower(regexp_replace(trim(sponsor_name), '\s+', ' ', 'g')));
create index sponsor_letters_person_email_idx on sponsor_letters (lower(trim(sponsor_email)));

create index contacts_person_email_idx on contacts (lower(trim(email)));
create index contacts_person_name_idx on contacts (lower(regexp_replace(trim(name), '\s+', ' ', 'g')));
create index contact_history_person_email_idx on contact_history (lower(trim(recipient)));

create index volunteers_person_email_idx on volunteers (lower(trim(email)));
create index volunteers_person_phone_idx on volunteers (phone_key(details->>'phone'));
create index volunteers_person_name_idx on volunteers (lower(regexp_replace(trim(name), '\s+', ' ', 'g')));
create index application_history_person_email_idx on application_history (lower(trim(recipient)));

create index newsletter_subscribers_person_email_idx on newsletter_subscribers (lower(trim(email)));
create index newsletter_subscribers_person_name_idx on newsletter_subscribers
  (lower(regexp_replace(trim(name), '\s+', ' ', 'g')));
create index donor_sign_in_links_person_email_idx on donor_sign_in_links (lower(trim(email)));
create index donor_sessions_person_email_idx on donor_sessions (lower(trim(email)));
create index consent_records_person_email_idx on consent_records (lower(trim(email)));

-- An email is the person's by the address it went to, or by the record a staff notification is about.
create index notification_outbox_person_email_idx on notification_outbox (lower(trim(recipients)))
  where kind = 'message';
create index notification_outbox_record_idx on notification_outbox
  (resource, (case when record_id ~ '^[0-9]{1,18}$' then (record_id)::bigint end))
  where kind = 'submission';
