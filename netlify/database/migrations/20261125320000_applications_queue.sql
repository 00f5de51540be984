-- The applications queue: volunteer, school-volunteer, internship and sponsorship applications in one
-- table (`volunteers`, whose `details.form` names the kind), each with a state, a holder and the moment its promised
-- answer is due; notes and the emails sent to the applicant; one-time links that let a colleague set a password.

alter table volunteers
  -- Null when the applicant left none (or it was erased): such an applicant is simply not emailed.
  alter column email drop not null,
  add column state text not null default 'new'
    check (state in ('new', 'in_review', 'accepted', 'declined', 'withdrawn')),
  -- The staff member answering it (lower-cased username), or nobody yet.
  add column holder text,
  -- When the answer the page promised runs out (src/lib/applications.ts); open applications past it are overdue.
  add column due_at timestamptz;

-- A row written without its due moment (a restored backup, a hand-made row) gets its kind's promise counted in
-- calendar days: a close, generous bound of the business days the site computes (src/lib/applications.ts).
create function volunteers_default_due() returns trigger language plpgsql as $$
begin
  if new.due_at is null then
    new.due_at := new.ts + case new.details ->> 'form'
        when 'internship_application' then interval '9 days'
        when 'sponsorship_application' then interval '1 day'
        else interval '7 days'
      end;
  end if;
  return new;
end
$$;
create trigger volunteers_due before insert on volunteers
  for each row execute function volunteers_default_due();
update volunteers set due_at = ts + case details ->> 'form'
    when 'internship_application' then interval '9 days'
    else interval '7 days'
  end
where due_at is null;
alter table volunteers alter column due_at set not null;

-- Sponsorship applications were read from Recent Activity only: give each its row in the queue.
insert into volunteers (ts, name, email, details)
select e.ts, coalesce(e.payload ->> 'name', ''), nullif(e.payload ->> 'email', ''),
       (e.payload - 'name' - 'email') || jsonb_build_object('form', 'sponsorship_application')
from events e
where e.type = 'sponsorship_application'
order by e.id;
create index volunteers_open_due_idx on volunteers (due_at) where state in ('new', 'in_review');

-- Notes staff add, and every email sent to the applicant (acknowledgement, reply), newest last.
create table application_history (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  -- Checked at commit, so a restore may load the tables in any order.
  application_id bigint not null references volunteers (id) on delete cascade deferrable initially deferred,
  kind text not null check (kind in ('note', 'acknowledgement', 'reply')),
  -- Lower-cased username of the staff member; null for the automatic acknowledgement.
  author text,
  -- The note, or the email's text.
  body text not null,
  -- Emails only: subject, the applicant's address, the staff member's Reply-To and the outbox row's key.
  subject text,
  recipient text,
  reply_to text,
  dedup_key text
);
create index application_history_application_idx on application_history (application_id, id);

-- One-time links by email: an invitation to a new colleague, or a password reset for an account.
create table staff_invitations (
  id bigint generated always as identity primary key,
  ts timestamptz not null default now(),
  purpose text not null check (purpose in ('invite', 'reset')),
  -- SHA-256 of the secret in the link; the secret itself is never stored.
  token_hash text not null unique,
  email text not null,
  -- The account a reset is for; null for an invitation (its account is made when the link is used).
  user_id bigint references admin_users (id) on delete cascade,
  created_by text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_invitations_email_idx on staff_invitations (lower(email));

-- When a session last made a call, so staff can tell their sessions apart.
alter table admin_sessions add column last_used_at timestamptz;
update admin_sessions set last_used_at = created_at;
alter table admin_sessions alter column last_used_at set not null, alter column last_used_at set default now();
