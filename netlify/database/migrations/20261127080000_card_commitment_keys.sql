-- What a card commitment needs to change its amount without the donor paying again: Paystack's customer, the saved
-- card (authorization) its subscription charges, and the subscription's email token (which disabling it asks for).
-- subscription.create brings them; a commitment made before this line learns them from Paystack when first needed.
alter table commitments add column paystack_customer text;
alter table commitments add column paystack_authorization text;
alter table commitments add column paystack_email_token text;
