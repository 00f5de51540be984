-- The form submission a checkout gift was made from: the hash of the id the browser gave it, so a resent form finds
-- its gift even after the gift's reference at Paystack had to change (a checkout started again after a crash left
-- Paystack holding the first reference without its link). At most one gift per submission.
alter table gifts add column submission_key text check (length(submission_key) between 1 and 100);
create unique index gifts_submission_key_idx on gifts (submission_key) where submission_key is not null;

-- Checkout gifts made so far were found by their reference, which was the submission's hash.
update gifts set submission_key = reference
  where provider in ('paystack', 'paypal') and parent_id is null and reference like 'TCF-%';
