/** The `data` of each Paystack event type the ledger settles, as Paystack documents it. */
import { z } from 'zod';
import { PAYSTACK_REFERENCE } from './paystack.ts';

/** An amount in subunits, as a number or a string of digits (Paystack's refund events send `"5000"`). */
const Subunits = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);
const Currency = z.string().regex(/^[A-Z]{3}$/);
const Customer = z
  .object({
    email: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    customer_code: z.string().max(100).nullish(),
  })
  .nullish();
const Id = z.union([z.string().min(1).max(100), z.number()]);
const Reference = z.string().regex(PAYSTACK_REFERENCE, 'Not a Paystack reference');

/** The documented `data` of `charge.success`. */
export const Charge = z.object({
  id: z.number().int(),
  status: z.string(),
  reference: Reference,
  amount: z.number().int().positive(),
  currency: Currency,
  channel: z.string().max(40).nullish(),
  paid_at: z.iso.datetime({ offset: true }).nullish(),
  customer: Customer,
  plan: z.union([z.object({ plan_code: z.string().nullish() }), z.string(), z.array(z.unknown())]).nullish(),
  source: z
    .object({ type: z.string().nullish(), source: z.string().nullish(), identifier: z.string().nullish() })
    .nullish(),
});

/** The documented `data` of the subscription events. */
export const Subscription = z.object({
  subscription_code: z.string().min(1).max(100),
  status: z.string().nullish(),
  email_token: z.string().max(100).nullish(),
  plan: z.object({ plan_code: z.string().nullish() }).nullish(),
  customer: Customer,
  authorization: z.object({ authorization_code: z.string().max(100).nullish() }).nullish(),
});

/** The documented `data` of the invoice events. */
export const Invoice = z.object({
  invoice_code: z.string().nullish(),
  id: Id.nullish(),
  status: z.string().nullish(),
  amount: z.number().int().nullish(),
  subscription: z.object({ subscription_code: z.string().min(1).max(100) }),
});

/** One card of `subscription.expiring_cards`, whose `data` is a list of them. */
export const ExpiringCard = z.object({
  expiry_date: z.string().min(1).max(20),
  description: z.string().max(200).nullish(),
  subscription: z.object({ subscription_code: z.string().min(1).max(100) }),
});

/** The documented `data` of the refund events. */
export const Refund = z.object({
  status: z.string().nullish(),
  transaction_reference: Reference,
  refund_reference: Id.nullish(),
  id: Id.nullish(),
  amount: Subunits,
  currency: Currency,
});

/** The documented `data` of the dispute events. */
export const Dispute = z.object({
  id: Id,
  status: z.string().nullish(),
  resolution: z.string().nullish(),
  category: z.string().nullish(),
  dueAt: z.string().nullish(),
  updated_at: z.string().nullish(),
  transaction_reference: z.string().nullish(),
  transaction: z.object({ reference: z.string().nullish() }).nullish(),
});
