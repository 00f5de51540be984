-- Exact row counts of tables too large to count at every dashboard load (the events log: 300,000 rows at year five).
-- Each statement that inserts or deletes rows of a counted table adds one row here with how many, in the same
-- transaction, so the sum of a table's rows is its count as every snapshot sees it; rows are only ever added, so
-- concurrent writers never wait for each other. The staff overview (tab-counts.ts) folds them into one row from time
-- to time; a truncate removes the table's rows. Both take the lock below first, so neither loses the other's rows.
create table row_counts (
  id bigint generated always as identity primary key,
  table_name text not null,
  delta bigint not null
);
create index row_counts_table_idx on row_counts (table_name);

create function count_rows() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into row_counts (table_name, delta) select tg_table_name, count(*) from new_rows having count(*) > 0;
  elsif tg_op = 'DELETE' then
    insert into row_counts (table_name, delta) select tg_table_name, -count(*) from old_rows having count(*) > 0;
  else
    lock table row_counts in share row exclusive mode;
    delete from row_counts where table_name = tg_table_name;
  end if;
  return null;
end
$$;

create trigger events_count_inserted after insert on events
  referencing new table as new_rows for each statement execute function count_rows();
create trigger events_count_deleted after delete on events
  referencing old table as old_rows for each statement execute function count_rows();
create trigger events_count_truncated after truncate on events for each statement execute function count_rows();

insert into row_counts (table_name, delta) select 'events', count(*) from events having count(*) > 0;
