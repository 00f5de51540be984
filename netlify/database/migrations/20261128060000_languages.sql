-- The language of the page a person used: `en` for English, `sw` for Kiswahili. Their acknowledgement,
-- receipt, confirmation and reminders go in it. Rows from before the site spoke Kiswahili were all sent in English.
alter table volunteers add column language text not null default 'en' check (language in ('en', 'sw'));
alter table contacts add column language text not null default 'en' check (language in ('en', 'sw'));
alter table donations add column language text not null default 'en' check (language in ('en', 'sw'));
alter table gifts add column language text not null default 'en' check (language in ('en', 'sw'));
alter table commitments add column language text not null default 'en' check (language in ('en', 'sw'));
alter table newsletter_subscribers add column language text not null default 'en' check (language in ('en', 'sw'));
