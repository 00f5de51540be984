-- A child leaving the programme (netlify/functions/_shared/child-exits.ts): planned or not, the day, and the reason,
-- which is for staff only and never reaches a sponsor or a public page. The child's record is marked `left` in the
-- same change, so the next build shows the child nowhere.
create table child_exits (
  id bigint generated always as identity primary key,
  child_id bigint not null unique references children (id),
  kind text not null check (kind in ('planned', 'unplanned')),
  reason text not null check (length(btrim(reason)) between 1 and 2000),
  left_on date not null,
  recorded_by text not null,
  recorded_at timestamptz not null default now()
);

-- Each sponsorship commitment the exit paused, and what its sponsor chose from the email offering a waiting child:
-- still `waiting`, `moved` to another child, `ended` by the sponsor, or `unanswered` (ended after the reminder went
-- unanswered). The sponsor is the commitment's: this row holds no personal details.
create table exit_offers (
  id bigint generated always as identity primary key,
  exit_id bigint not null references child_exits (id),
  commitment_id bigint not null references commitments (id),
  emailed_at timestamptz not null,
  -- The one reminder, sent when the first email has gone unanswered for 30 days.
  reminded_at timestamptz,
  -- When Paystack confirmed the card subscription disabled (card commitments), or why it could not be.
  subscription_disabled_at timestamptz,
  subscription_problem text,
  choice text not null default 'waiting' check (choice in ('waiting', 'moved', 'ended', 'unanswered')),
  -- The child's site id the commitment moved to.
  moved_to text,
  chosen_at timestamptz,
  unique (exit_id, commitment_id),
  check ((choice = 'moved') = (moved_to is not null))
);
create index exit_offers_waiting_idx on exit_offers (emailed_at) where choice = 'waiting';

-- The exit email and its reminder start from templates staff edit with the others.
alter table reply_templates drop constraint reply_templates_kind_check;
alter table reply_templates drop constraint reply_templates_outcome_check;
alter table reply_templates
  add constraint reply_templates_kind_check check (kind in (
    'volunteer_application', 'school_volunteer_application', 'internship_application', 'sponsorship_application',
    'contact_submit', 'child_exit'
  )),
  add constraint reply_templates_outcome_check check (
    (kind = 'contact_submit' and outcome = 'reply')
    or (kind = 'child_exit' and outcome in ('notice', 'reminder'))
    or (kind not in ('contact_submit', 'child_exit') and outcome in ('accepted', 'declined'))
  );
insert into reply_templates (kind, outcome, subject, body) values
  ('child_exit', 'notice',
   E'News about {child}, the child you sponsor',
   E'Dear {name},\n\nThank you for sponsoring {child}. Your support has made a real difference to {child}''s life and schooling.\n\nWe are writing to let you know that {child} has now left our programme. Families move and children finish school; we are grateful for all you gave while {child} was with us. We have paused your sponsorship, so nothing more will be taken from you for {child}.\n\n{choices}\n\nWith thanks,\n{staffName}'),
  ('child_exit', 'reminder',
   E'Your sponsorship after {child} left our programme',
   E'Dear {name},\n\nA month ago we wrote to tell you that {child} has left our programme, and we have not heard from you. Your sponsorship is still paused and nothing is being taken from you.\n\n{choices}\n\nWith thanks,\n{staffName}');
