/**
 * A stand-in for the part of Paystack's API the site calls, answering the shapes Paystack documents
 * (https://paystack.com/docs/api/): `POST /transaction/initialize`, `GET /transaction/verify/:reference`,
 * `POST /plan`, `POST /subscription`, `GET /subscription` (list), `GET /subscription/:id_or_code`,
 * `POST /subscription/disable`, `GET /subscription/:code/manage/link`, plus the hosted pages they link
 * to: the checkout, whose Pay button marks the transaction paid, starts its subscription when it is on a plan and
 * sends the customer to its `callback_url`, and the page where a donor updates a subscription's card or cancels it.
 * Tests mark a transaction paid with `pay()` and build the matching signed `charge.success` webhook with
 * `chargeSuccess()`; `subscribe()` makes a subscription of a paid transaction on a plan, as Paystack does after its
 * first charge.
 *
 *   const paystack = await startPaystack();            // a free port
 *   process.env['PAYSTACK_API_URL'] = paystack.url;
 *   process.env['PAYSTACK_SECRET_KEY'] = paystack.secretKey;
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { paystackSignature } from '../../netlify/functions/_shared/platform/signatures.ts';
import { field, isRecord, readJson, send } from './json-http.ts';
import {
  answerSubscriptions,
  authorizationOf,
  type StandInSubscription,
  type SubscriptionState,
} from './paystack-subscriptions.ts';

export type { StandInSubscription } from './paystack-subscriptions.ts';

/** A transaction as the stand-in keeps it (the fields verify and webhooks report). */
export interface StandInTransaction {
  id: number;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  reference: string;
  amount: number;
  currency: string;
  channel: string | null;
  paid_at: string | null;
  created_at: string;
  customer: { id: number; email: string; customer_code: string };
  /** The saved card a paid card transaction left (`AUTH_…`), or null. */
  authorization_code: string | null;
  plan: { plan_code: string } | Record<string, never>;
  channels: string[];
  access_code: string;
  /** What initialize was given as `metadata` (Paystack echoes it in verify answers and webhooks). */
  metadata: Record<string, unknown> | '';
  /** Where initialize asked Paystack to send the customer after paying (`callback_url`), or null. */
  callback_url: string | null;
}

/** A running stand-in. */
export interface PaystackStandIn {
  /** `http://127.0.0.1:<port>`, for `PAYSTACK_API_URL`. */
  readonly url: string;
  /** The secret key it expects as the Bearer token, and signs webhooks with. */
  readonly secretKey: string;
  readonly transactions: Map<string, StandInTransaction>;
  readonly plans: { plan_code: string; amount: number; currency: string; interval: string; name: string }[];
  /** Subscriptions by code: the email of their customer and their plan. */
  readonly subscriptions: Map<string, StandInSubscription>;
  /** Every call, method and path. */
  readonly calls: string[];
  /** Answers initialize with this HTTP status and `status: false` (a refusing Paystack) while set. */
  failInitialize: number | undefined;
  /** Makes the subscription of a paid transaction on a plan; returns its code. */
  subscribe(reference: string): string;
  /** Marks a transaction paid (by `channel`) and returns it. */
  pay(reference: string, channel?: string): StandInTransaction;
  /** The `charge.success` webhook body of a transaction, as Paystack sends it. */
  chargeSuccess(reference: string): string;
  /** The signature header of a body. */
  sign(body: string): string;
  /**
   * Holds the next verify of `reference`: `requested` resolves when it arrives, and it is answered only on `release()`
   * (to put a verify at a chosen point of a race).
   */
  holdVerify(reference: string): { requested: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** A verify call held by {@link PaystackStandIn.holdVerify}. */
interface HeldVerify {
  arrived(): void;
  released: Promise<void>;
}

/** Starts the stand-in on `port` (0: a free one). */
export async function startPaystack(
  port = 0,
  secretKey = `sk_test_${randomBytes(16).toString('hex')}`,
): Promise<PaystackStandIn> {
  const transactions = new Map<string, StandInTransaction>();
  const plans: PaystackStandIn['plans'] = [];
  const calls: string[] = [];
  const subscriptions: PaystackStandIn['subscriptions'] = new Map();
  const held = new Map<string, HeldVerify>();
  let nextId = 4_099_260_000;
  let url = '';
  /** Customers by email: Paystack keeps one per email on an integration. */
  const customers = new Map<string, StandInTransaction['customer']>();
  const customerOf = (email: string): StandInTransaction['customer'] => {
    let customer = customers.get(email.toLowerCase());
    if (!customer) {
      nextId += 1;
      customer = { id: nextId, email, customer_code: `CUS_${randomBytes(7).toString('hex')}` };
      customers.set(email.toLowerCase(), customer);
    }
    return customer;
  };

  const state: SubscriptionState = {
    transactions,
    subscriptions,
    plans,
    customers,
    url: () => url,
    newId: () => (nextId += 1),
  };

  const standIn: PaystackStandIn = {
    get url() {
      return url;
    },
    secretKey,
    transactions,
    plans,
    subscriptions,
    calls,
    failInitialize: undefined,
    subscribe(reference) {
      const txn = transactions.get(reference);
      if (!txn || !('plan_code' in txn.plan)) throw new Error(`No transaction on a plan ${reference}`);
      const code = `SUB_${randomBytes(8).toString('hex')}`;
      nextId += 1;
      subscriptions.set(code, {
        id: nextId,
        email: txn.customer.email,
        plan_code: txn.plan.plan_code,
        email_token: randomBytes(8).toString('hex'),
        customer_code: txn.customer.customer_code,
        authorization_code: txn.authorization_code ?? `AUTH_${randomBytes(5).toString('hex')}`,
        status: 'active',
        start_date: null,
      });
      return code;
    },
    pay(reference, channel = 'card') {
      const txn = transactions.get(reference);
      if (!txn) throw new Error(`No transaction ${reference}`);
      txn.status = 'success';
      txn.channel = channel;
      if (channel === 'card') txn.authorization_code ??= `AUTH_${randomBytes(5).toString('hex')}`;
      txn.paid_at = new Date().toISOString();
      return txn;
    },
    chargeSuccess(reference) {
      const txn = transactions.get(reference);
      if (!txn) throw new Error(`No transaction ${reference}`);
      return JSON.stringify({ event: 'charge.success', data: dataOf(txn) });
    },
    sign: (body) => paystackSignature(body, secretKey),
    holdVerify(reference) {
      let arrived = () => {};
      let release = () => {};
      const requested = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.set(reference, { arrived, released });
      return { requested, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      calls.push(`${req.method} ${path}`);
      const checkout = /^\/checkout\/([A-Za-z0-9]+)$/.exec(path);
      if (req.method === 'GET' && checkout) {
        const txn = [...transactions.values()].find((candidate) => candidate.access_code === checkout[1]);
        res.writeHead(txn ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><title>Paystack checkout</title><h1>Pay ${txn?.currency ?? ''} ` +
            `${(txn?.amount ?? 0) / 100}</h1><p id="reference">${txn?.reference ?? 'unknown'}</p>` +
            (txn ? `<form method="post" action="/checkout/${txn.access_code}/pay"><button>Pay</button></form>` : '') +
            '</html>',
        );
        return;
      }
      const manage = /^\/manage\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === 'GET' && manage) {
        const token = new URL(req.url ?? '/', url).searchParams.get('subscription_token');
        const subscription = subscriptions.get(manage[1] ?? '');
        const valid = subscription !== undefined && token === subscription.email_token;
        res.writeHead(valid ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(
          valid
            ? `<!doctype html><html lang="en"><title>Manage your subscription</title><h1>Manage your subscription</h1>` +
                `<p id="subscription">${manage[1]}</p><p id="email">${subscription.email}</p>` +
                `<button type="button">Update card</button> <button type="button">Cancel subscription</button></html>`
            : '<!doctype html><html lang="en"><title>Link expired</title><h1>This link is not valid</h1></html>',
        );
        return;
      }
      // The customer pays on the hosted page: Paystack then sends them to the transaction's callback_url with
      // `trxref` and `reference` added.
      const paid = /^\/checkout\/([A-Za-z0-9]+)\/pay$/.exec(path);
      if (req.method === 'POST' && paid) {
        const txn = [...transactions.values()].find((candidate) => candidate.access_code === paid[1]);
        if (!txn) {
          send(res, 404, { status: false, message: 'Not found' });
          return;
        }
        standIn.pay(txn.reference);
        // A first charge on a plan starts the customer's subscription, as at Paystack.
        if ('plan_code' in txn.plan) standIn.subscribe(txn.reference);
        const back = txn.callback_url ? new URL(txn.callback_url) : undefined;
        back?.searchParams.set('trxref', txn.reference);
        back?.searchParams.set('reference', txn.reference);
        res.writeHead(back ? 302 : 200, back ? { Location: back.href } : { 'Content-Type': 'text/html' });
        res.end(back ? undefined : '<!doctype html><title>Paid</title><p>Payment successful</p>');
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(res, 401, { status: false, message: 'Invalid key' });
        return;
      }
      if (req.method === 'POST' && path === '/transaction/initialize') {
        const body = await readJson(req);
        if (standIn.failInitialize) {
          send(res, standIn.failInitialize, { status: false, message: 'Service unavailable' });
          return;
        }
        const reference = field(body, 'reference', `T${randomBytes(6).toString('hex')}`);
        if (transactions.has(reference)) {
          send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
          return;
        }
        const plan = typeof body['plan'] === 'string' ? plans.find((p) => p.plan_code === body['plan']) : undefined;
        const accessCode = randomBytes(8).toString('hex');
        nextId += 1;
        transactions.set(reference, {
          id: nextId,
          status: 'ongoing',
          reference,
          amount: plan ? plan.amount : Number(body['amount']),
          currency: plan ? plan.currency : field(body, 'currency', 'NGN'),
          channel: null,
          paid_at: null,
          created_at: new Date().toISOString(),
          customer: customerOf(field(body, 'email', '')),
          authorization_code: null,
          plan: plan ? { plan_code: plan.plan_code } : {},
          channels: Array.isArray(body['channels']) ? (body['channels'] as string[]) : [],
          access_code: accessCode,
          metadata: isRecord(body['metadata']) ? body['metadata'] : '',
          callback_url: typeof body['callback_url'] === 'string' ? body['callback_url'] : null,
        });
        send(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
        });
        return;
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
      if (req.method === 'GET' && verify) {
        const reference = decodeURIComponent(verify[1] ?? '');
        const hold = held.get(reference);
        if (hold) {
          held.delete(reference);
          hold.arrived();
          await hold.released;
        }
        const txn = transactions.get(reference);
        if (!txn) {
          send(res, 400, { status: false, message: 'Transaction reference not found' });
          return;
        }
        send(res, 200, { status: true, message: 'Verification successful', data: dataOf(txn) });
        return;
      }
      if (await answerSubscriptions(state, req, path, res)) return;
      if (req.method === 'POST' && path === '/plan') {
        const body = await readJson(req);
        const plan = {
          plan_code: `PLN_${randomBytes(7).toString('hex')}`,
          name: field(body, 'name', ''),
          amount: Number(body['amount']),
          interval: field(body, 'interval', ''),
          currency: field(body, 'currency', 'NGN'),
        };
        plans.push(plan);
        send(res, 201, { status: true, message: 'Plan created', data: { ...plan, id: plans.length, integration: 1 } });
        return;
      }
      send(res, 404, { status: false, message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('Paystack stand-in has no port');
  url = `http://127.0.0.1:${address.port}`;
  return standIn;
}

/** A transaction's `data` as verify and `charge.success` report it. */
function dataOf(txn: StandInTransaction): Record<string, unknown> {
  return {
    id: txn.id,
    domain: 'test',
    status: txn.status,
    reference: txn.reference,
    amount: txn.amount,
    message: null,
    gateway_response: txn.status === 'success' ? 'Successful' : 'The transaction was not completed',
    paid_at: txn.paid_at,
    created_at: txn.created_at,
    channel: txn.channel,
    currency: txn.currency,
    ip_address: '127.0.0.1',
    metadata: txn.metadata,
    fees: null,
    customer: { ...txn.customer, first_name: null, last_name: null, phone: null, metadata: null },
    authorization: txn.authorization_code ? authorizationOf(txn.authorization_code) : {},
    plan: txn.plan,
  };
}
