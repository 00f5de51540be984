-- Refunds and PayPal in the gift ledger: a gift remembers how much of it was refunded (Paystack's refund
-- webhook, or staff for money that came another way), and PayPal gifts are pending in the ledger until staff confirm
-- them from PayPal's own notification.
alter table gifts drop constraint gifts_provider_check;
alter table gifts add constraint gifts_provider_check check (provider in ('paystack', 'mpesa', 'staff', 'paypal'));
-- Refunded so far, in the gift's currency subunit; the gift is `refunded` once this reaches its amount.
alter table gifts add column refunded_subunits bigint not null default 0 check (refunded_subunits >= 0);
alter table gifts add column refunded_at timestamptz;
