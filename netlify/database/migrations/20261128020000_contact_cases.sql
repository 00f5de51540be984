-- Contact messages become cases staff answer, like applications: who holds one, when it was first replied to and
-- when staff marked it done. Its promised reply is due a fixed time after it arrived (CONTACT_PROMISE in
-- src/lib/cases.ts); an open message not yet replied to past that moment is overdue.
alter table contacts
  -- The staff member answering it (lower-cased username), or nobody yet.
  add column holder text,
  add column replied_at timestamptz,
  add column done_at timestamptz;
create index contacts_waiting_idx on contacts (ts) where replied_at is null and done_at is null;

-- Notes staff add to a contact message, and every reply sent to its writer, newest last.
create table contact_history (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- Checked at commit, so a restore may load the tables in any order.
  contact_id bigint not null references contacts (id) on delete cascade deferrable initially deferred,
  kind text not null check (kind in ('note', 'reply')),
  -- Lower-cased username of the staff member.
  author text not null,
  -- The note, or the email's text.
  body text not null,
  -- Replies only: subject, the writer's address, the Reply-To it was sent with and the outbox row's key.
  subject text,
  recipient text,
  reply_to text,
  dedup_key text
);
create index contact_history_contact_idx on contact_history (contact_id, id);

-- A reply to a contact message starts from its own template (kind `contact_submit`, outcome `reply`).
alter table reply_templates drop constraint reply_templates_kind_check;
alter table reply_templates drop constraint reply_templates_outcome_check;
alter table reply_templates
  add constraint reply_templates_kind_check check (kind in (
    'volunteer_application', 'school_volunteer_application', 'internship_application', 'sponsorship_application',
    'contact_submit'
  )),
  add constraint reply_templates_outcome_check check (
    (kind = 'contact_submit' and outcome = 'reply') or (kind <> 'contact_submit' and outcome in ('accepted', 'declined'))
  );
insert into reply_templates (kind, outcome, subject, body) values
  ('contact_submit', 'reply',
   E'Re: {subject}',
   E'Dear {name},\n\nThank you for writing to us about "{subject}".\n\n\n\nIf anything is unclear, reply to this email and we will help.\n\nWith thanks,\n{staffName}');

-- Emails to a person may be sent from the charity's office address rather than the website's sender.
alter table notification_outbox add column sender text;
