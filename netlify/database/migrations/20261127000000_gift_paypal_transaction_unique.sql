-- One PayPal payment pays one gift: staff confirm a pending PayPal gift with PayPal's transaction id, and the same id
-- on a second gift would receipt the same money twice. admin-gifts.ts answers 409 before this index is reached; the
-- index holds when two staff confirm at the same moment.
create unique index gifts_paypal_transaction_key on gifts (provider_txn) where provider = 'paypal';
