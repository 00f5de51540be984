-- Uploaded files' bytes live in the blob store (docs/decisions.md): a row keeps what describes its file (name, type,
-- size), the SHA-256 of its bytes and the key they are stored under. Rows stored before keep their bytes in `data`
-- and are served from there until `npm run uploads:move` moves them; each row has its bytes in one place or the other.
alter table uploads alter column data drop not null;
alter table uploads add column blob_key text unique;
alter table uploads add column checksum text check (checksum ~ '^[0-9a-f]{64}$');
alter table uploads add constraint uploads_bytes_kept check (data is not null or (blob_key is not null and checksum is not null));
