-- A letter's photo lives in the blob store (docs/decisions.md) under `photo_key`, with the SHA-256 of its bytes;
-- letters written before keep theirs in `photo`. A photo is in one place or the other, never both.
alter table sponsor_letters add column photo_key text unique;
alter table sponsor_letters add column photo_checksum text check (photo_checksum ~ '^[0-9a-f]{64}$');
alter table sponsor_letters add constraint sponsor_letters_photo_kept
  check (photo_key is null or (photo is null and photo_type is not null and photo_checksum is not null));
