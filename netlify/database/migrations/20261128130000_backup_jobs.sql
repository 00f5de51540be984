-- Backups made in the background (backup-jobs.ts): who asked, how far the run has come, and the file it wrote in
-- parts to the blob store under backups/<id>/part-NNNN. A download link is signed when the job is read, not stored.
create table backup_jobs (
  id bigint generated always as identity primary key,
  requested_by text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  file_name text not null,
  parts integer not null default 0,
  bytes bigint not null default 0,
  tables_done integer not null default 0,
  tables_total integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
