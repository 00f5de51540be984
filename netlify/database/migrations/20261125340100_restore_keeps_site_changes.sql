-- A restore inserts programs and posts with the moment they last changed on the site: the trigger keeps a
-- value given on insert, so restored Live items stay Live; every other write is stamped now, as before.
create or replace function note_site_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.site_changed_at is not null then
    return new;
  end if;
  if new.status = 'published' or (tg_op = 'UPDATE' and old.status = 'published') then
    new.site_changed_at := now();
  end if;
  return new;
end
$$;
