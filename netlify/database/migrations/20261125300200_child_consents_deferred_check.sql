-- A restore inserts tables in name order, consents before their children: the check waits for the end of the
-- restore's transaction.
alter table child_consents drop constraint child_consents_child_id_fkey;
alter table child_consents add constraint child_consents_child_id_fkey
  foreign key (child_id) references children (id) deferrable initially deferred;
