-- Reply templates staff edit in /samu: one per application kind and outcome, the text an accept or
-- decline reply starts from. Placeholders ({name}, {opportunity}, {staffName}; src/lib/applications.ts) are filled
-- when a reply is composed. Seeded with the texts the dashboard used before, so nothing changes until staff edit one.
-- The rows hold no personal data: the applicant's details are only filled into the composed reply.
create table reply_templates (
  kind text not null check (kind in (
    'volunteer_application', 'school_volunteer_application', 'internship_application', 'sponsorship_application'
  )),
  outcome text not null check (outcome in ('accepted', 'declined')),
  subject text not null check (btrim(subject) <> ''),
  body text not null check (btrim(body) <> ''),
  -- Lower-cased username of the staff member who last changed it, and when; null for the text it started with.
  updated_by text,
  updated_at timestamptz,
  primary key (kind, outcome)
);

insert into reply_templates (kind, outcome, subject, body) values
  ('volunteer_application', 'accepted',
   E'Your volunteer application: welcome aboard',
   E'Dear {name},\n\nThank you for applying to volunteer with us. We are glad to accept your application.\n\nI will be in touch about your first day, your induction and the documents we need (a copy of your ID and a police clearance certificate).\n\nWith thanks,\n{staffName}'),
  ('volunteer_application', 'declined',
   E'Your volunteer application',
   E'Dear {name},\n\nThank you for applying to volunteer with us. We are not able to offer you a place at this time.\n\nWe keep our opportunities page up to date, and you are welcome to apply again.\n\nWith thanks,\n{staffName}'),
  ('school_volunteer_application', 'accepted',
   E'Your school volunteering application: welcome aboard',
   E'Dear {name},\n\nThank you for offering to teach with us. We are glad to accept your application.\n\nI will be in touch to agree your school, subjects and timetable for the first three months.\n\nWith thanks,\n{staffName}'),
  ('school_volunteer_application', 'declined',
   E'Your school volunteering application',
   E'Dear {name},\n\nThank you for offering to teach with us. We are not able to offer you a place in our schools at this time.\n\nYou are welcome to apply again next term.\n\nWith thanks,\n{staffName}'),
  ('internship_application', 'accepted',
   E'Your hospital internship application: accepted',
   E'Dear {name},\n\nThank you for applying for a hospital internship. We are glad to accept your application.\n\nI will be in touch about the hospital, your supervisor, your start date and the documents we need from your university.\n\nWith thanks,\n{staffName}'),
  ('internship_application', 'declined',
   E'Your hospital internship application',
   E'Dear {name},\n\nThank you for applying for a hospital internship. We are not able to offer you a placement at this time.\n\nYou are welcome to apply again for a later intake.\n\nWith thanks,\n{staffName}'),
  ('sponsorship_application', 'accepted',
   E'Your sponsorship: next steps',
   E'Dear {name},\n\nThank you for choosing to sponsor a child with us. Your sponsorship is confirmed.\n\nYou will receive letters, photos and a report every term. Reply to this email with any question.\n\nWith thanks,\n{staffName}'),
  ('sponsorship_application', 'declined',
   E'Your sponsorship application',
   E'Dear {name},\n\nThank you for offering to sponsor a child with us. We are not able to set up this sponsorship.\n\nWe would be glad to suggest another child who needs a sponsor; reply to this email and I will help.\n\nWith thanks,\n{staffName}');
