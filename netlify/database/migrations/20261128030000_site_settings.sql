-- The site settings staff edit in /samu (contact details, office hours, social links, the M-Pesa Paybill, the
-- figures of the pages and the hero slides) as one record. Copied from the committed files the first time /samu
-- opens it (`file_copy`: never saved since, so the files keep winning); once saved, every build reads it.
create table site_settings (
  id smallint primary key default 1 check (id = 1),
  ts timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settings jsonb not null,
  -- Always published: the record is the site's; present so the publishing state reads it like any item.
  status text not null default 'published' check (status = 'published'),
  file_copy boolean not null default true,
  -- Last save the public site must show; null while it is the files' copy.
  site_changed_at timestamptz
);
