-- Login attempts are counted before the password is checked: a row is written when an attempt is let
-- through and stays a failure unless the password was right. `settled_at` is when its check ended (null while it
-- runs), so a sign-in clears only the failures that had ended before it began, never ones it raced with.
alter table login_failures add column settled_at timestamptz;
update login_failures set settled_at = ts;
