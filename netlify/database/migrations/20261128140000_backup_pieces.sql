-- A backup downloads as files of at most piece_bytes (each a run of whole parts of part_bytes, the last part maybe
-- shorter), and its parts are deleted from the blob store a while after it ends: the row stays as history, 'expired'.
alter table backup_jobs add column part_bytes integer not null default 4194304 check (part_bytes > 0);
alter table backup_jobs add column piece_bytes integer not null default 16777216 check (piece_bytes >= part_bytes);
alter table backup_jobs add column expired_at timestamptz;
alter table backup_jobs drop constraint backup_jobs_state_check;
alter table backup_jobs add constraint backup_jobs_state_check
  check (state in ('queued', 'running', 'done', 'failed', 'expired'));
