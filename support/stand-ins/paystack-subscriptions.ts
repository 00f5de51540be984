/**
 * The subscription part of the Paystack stand-in (paystack.ts): `POST /subscription`, `GET /subscription` (list),
 * `GET /subscription/:id_or_code`, `POST /subscription/disable` and `GET /subscription/:code/manage/link`, answering
 * the shapes Paystack documents (https://paystack.com/docs/api/subscription/).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { field, readJson, send } from './json-http.ts';
import type { StandInTransaction } from './paystack.ts';

/** A subscription as the stand-in keeps it. */
export interface StandInSubscription {
  id: number;
  email: string;
  plan_code: string;
  email_token: string;
  customer_code: string;
  /** The saved card it charges. */
  authorization_code: string;
  status: 'active' | 'cancelled';
  start_date: string | null;
}

/** A saved card, as Paystack reports an `authorization`. */
export function authorizationOf(code: string): Record<string, unknown> {
  return {
    authorization_code: code,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa',
    bank: 'TEST BANK',
    country_code: 'KE',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${code.slice(5)}`,
    account_name: null,
  };
}

/** What the stand-in keeps that its subscription calls read and change. */
export interface SubscriptionState {
  readonly transactions: Map<string, StandInTransaction>;
  readonly subscriptions: Map<string, StandInSubscription>;
  readonly plans: { plan_code: string; amount: number; currency: string; interval: string; name: string }[];
  /** Customers by lower-cased email: Paystack keeps one per email on an integration. */
  readonly customers: Map<string, StandInTransaction['customer']>;
  /** The stand-in's address. */
  url(): string;
  /** The next id Paystack would give. */
  newId(): number;
}

/** Answers a subscription call, if `path` is one; false for any other call. */
export async function answerSubscriptions(
  state: SubscriptionState,
  req: IncomingMessage,
  path: string,
  res: ServerResponse,
): Promise<boolean> {
  const { transactions, subscriptions, plans, customers } = state;
  const manageLink = /^\/subscription\/([^/]+)\/manage\/link$/.exec(path);
  if (req.method === 'GET' && manageLink) {
    const code = decodeURIComponent(manageLink[1] ?? '');
    const subscription = subscriptions.get(code);
    if (!subscription) {
      send(res, 404, { status: false, message: 'Subscription not found' });
      return true;
    }
    send(res, 200, {
      status: true,
      message: 'Link generated',
      data: {
        link: `${state.url()}/manage/subscriptions/${encodeURIComponent(code)}?subscription_token=${subscription.email_token}`,
      },
    });
    return true;
  }
  // Create a subscription (`POST /subscription` {customer, plan, authorization, start_date}): the customer by
  // code or email, charged on one of its own reusable cards.
  if (req.method === 'POST' && path === '/subscription') {
    const body = await readJson(req);
    const who = field(body, 'customer', '');
    const customer = [...customers.values()].find(
      (candidate) => candidate.customer_code === who || candidate.email.toLowerCase() === who.toLowerCase(),
    );
    const plan = plans.find((candidate) => candidate.plan_code === field(body, 'plan', ''));
    if (!customer) {
      send(res, 404, { status: false, message: 'Customer not found' });
      return true;
    }
    if (!plan) {
      send(res, 404, { status: false, message: 'Plan not found' });
      return true;
    }
    const cards = new Set(
      [...transactions.values()]
        .filter((txn) => txn.customer.customer_code === customer.customer_code && txn.authorization_code)
        .map((txn) => txn.authorization_code),
    );
    const authorization = field(body, 'authorization', '');
    if (!cards.has(authorization)) {
      send(res, 400, { status: false, message: 'Authorization is invalid' });
      return true;
    }
    const code = `SUB_${randomBytes(8).toString('hex')}`;
    const id = state.newId();
    const startDate = typeof body['start_date'] === 'string' ? body['start_date'] : null;
    const subscription: StandInSubscription = {
      id,
      email: customer.email,
      plan_code: plan.plan_code,
      email_token: randomBytes(8).toString('hex'),
      customer_code: customer.customer_code,
      authorization_code: authorization,
      status: 'active',
      start_date: startDate,
    };
    subscriptions.set(code, subscription);
    const now = new Date().toISOString();
    send(res, 200, {
      status: true,
      message: 'Subscription successfully created',
      data: {
        customer: customer.id,
        plan: plans.indexOf(plan) + 1,
        integration: 100032,
        domain: 'test',
        start: Math.floor(Date.parse(startDate ?? now) / 1000),
        status: 'active',
        quantity: 1,
        amount: plan.amount,
        authorization: authorizationOf(authorization),
        invoice_limit: 0,
        subscription_code: code,
        email_token: subscription.email_token,
        id: subscription.id,
        createdAt: now,
        updatedAt: now,
      },
    });
    return true;
  }
  // Disable a subscription (`POST /subscription/disable` {code, token}), the token its email_token.
  if (req.method === 'POST' && path === '/subscription/disable') {
    const body = await readJson(req);
    const subscription = subscriptions.get(field(body, 'code', ''));
    if (!subscription || subscription.email_token !== field(body, 'token', '')) {
      send(res, 404, { status: false, message: 'Subscription with code not found or already inactive' });
      return true;
    }
    subscription.status = 'cancelled';
    send(res, 200, { status: true, message: 'Subscription disabled successfully' });
    return true;
  }
  // Fetch a subscription (`GET /subscription/:id_or_code`).
  const fetched = /^\/subscription\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && fetched) {
    const key = decodeURIComponent(fetched[1] ?? '');
    const found = [...subscriptions].find(([code, candidate]) => code === key || String(candidate.id) === key);
    if (!found) {
      send(res, 404, { status: false, message: 'Subscription not found' });
      return true;
    }
    const [code, subscription] = found;
    const plan = plans.find((candidate) => candidate.plan_code === subscription.plan_code);
    const customer = customers.get(subscription.email.toLowerCase());
    send(res, 200, {
      status: true,
      message: 'Subscription retrieved successfully',
      data: {
        invoices: [],
        customer: { ...customer, first_name: null, last_name: null, phone: null, metadata: null },
        plan: plan ? { ...plan, id: plans.indexOf(plan) + 1 } : { plan_code: subscription.plan_code },
        integration: 100032,
        authorization: authorizationOf(subscription.authorization_code),
        domain: 'test',
        start: Math.floor(Date.parse(subscription.start_date ?? new Date().toISOString()) / 1000),
        status: subscription.status,
        quantity: 1,
        amount: plan?.amount ?? 0,
        subscription_code: code,
        email_token: subscription.email_token,
        easy_cron_id: null,
        cron_expression: '0 0 28 * *',
        next_payment_date: null,
        open_invoice: null,
        id: subscription.id,
      },
    });
    return true;
  }
  // List subscriptions (`GET /subscription?plan=…`), filtered by plan code as Paystack filters by plan.
  if (req.method === 'GET' && path === '/subscription') {
    const plan = new URL(req.url ?? '/', state.url()).searchParams.get('plan');
    const data = [...subscriptions]
      .filter(([, subscription]) => !plan || subscription.plan_code === plan)
      .map(([code, subscription]) => ({
        subscription_code: code,
        email_token: subscription.email_token,
        status: subscription.status,
        plan: { plan_code: subscription.plan_code },
        customer: { email: subscription.email, customer_code: subscription.customer_code },
      }));
    send(res, 200, {
      status: true,
      message: 'Subscriptions retrieved',
      data,
      meta: { total: data.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    });
    return true;
  }
  return false;
}
