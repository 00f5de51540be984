-- The name a staff member signs with: replies to applicants are signed with it, not with the username.
-- Set by the staff member under "Your account"; null until then (replies are then signed by the charity).
alter table admin_users add column display_name text check (display_name is null or length(display_name) between 1 and 80);
