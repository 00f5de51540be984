-- An open staff invitation can be withdrawn from the Staff tab: its link is then refused.
alter table staff_invitations add column withdrawn_at timestamptz;
alter table staff_invitations add column withdrawn_by text;
