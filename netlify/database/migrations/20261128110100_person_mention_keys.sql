-- A person's page counts the rows of other people whose free text mentions the person (people.ts, mentionCounts):
-- a regular expression over every row is a read of every form, email and note. mention_keys lists what any such
-- mention must contain, so that a GIN index finds the few rows the expression then checks: the words of three
-- characters or more (lower-cased, `w:`), the runs of three or more ASCII letters and digits (lower-cased, `a:`: an
-- address's parts, which a letter outside ASCII or an underscore may touch), and every six digits in a row once
-- spaces, dots and dashes are taken out (`p:`), as a phone number is written.
create function mention_keys(value text) returns text[] language sql immutable parallel safe as $$
  select array(
    select 'w:' || lower(m[1]) from regexp_matches(coalesce(value, ''), '([[:alnum:]_]{3,})', 'g') as m
    union
    select 'a:' || lower(m[1]) from regexp_matches(coalesce(value, ''), '([A-Za-z0-9]{3,})', 'g') as m
    union
    select 'p:' || substr(r[1], i, 6)
    from regexp_matches(translate(coalesce(value, ''), ' .-', ''), '([0-9]{6,})', 'g') as r,
         generate_series(1, length(r[1]) - 5) as i
  )
$$;

-- The free text of each table person-tables.ts lists (its `mentions` columns, joined by a space, or its JSON as text).
create index events_mention_keys_idx on events using gin (mention_keys(payload::text));
create index notification_outbox_mention_keys_idx on notification_outbox
  using gin (mention_keys(coalesce(subject, '') || ' ' || coalesce(body, '')));
create index contacts_mention_keys_idx on contacts
  using gin (mention_keys(coalesce(subject, '') || ' ' || coalesce(message, '')));
create index contact_history_mention_keys_idx on contact_history
  using gin (mention_keys(coalesce(subject, '') || ' ' || coalesce(body, '')));
create index application_history_mention_keys_idx on application_history
  using gin (mention_keys(coalesce(subject, '') || ' ' || coalesce(body, '')));
create index volunteers_mention_keys_idx on volunteers using gin (mention_keys(details::text));
create index gifts_mention_keys_idx on gifts using gin (mention_keys(coalesce(note, '')));
create index commitments_mention_keys_idx on commitments using gin (mention_keys(coalesce(end_reason, '')));
