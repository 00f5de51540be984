/**
 * The part of Paystack's API the site calls (https://paystack.com/docs/api/): initialize a transaction, verify one,
 * create a plan for monthly gifts, create, fetch and disable a subscription (a card gift's new amount), and ask for
 * the page where a donor updates the card of a subscription or cancels it. `PAYSTACK_SECRET_KEY` signs every call;
 * `PAYSTACK_API_URL` (default https://api.paystack.co) is where paths are appended, so tests point it at their stand-in.
 */

/**
 * A transaction reference as Paystack makes or accepts it: up to 100 letters, digits, `-`, `.` and `=` (what it
 * documents for a merchant's own), and `_`, which the references it makes itself carry (its refund samples).
 */
export const PAYSTACK_REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

/** Paystack's address when `PAYSTACK_API_URL` is unset. */
export const DEFAULT_PAYSTACK_API_URL = 'https://api.paystack.co';

/** Longest a call to Paystack may take before the visitor is told to try again. */
const TIMEOUT_MS = 10_000;

/** How to reach Paystack, or undefined when no key is set (payments are not connected). */
export interface PaystackConfig {
  readonly secretKey: string;
  readonly apiUrl: string;
}

/** The configuration from the environment, read at call time. */
export function paystackConfig(): PaystackConfig | undefined {
  const secretKey = process.env['PAYSTACK_SECRET_KEY'];
  if (!secretKey) return undefined;
  return { secretKey, apiUrl: (process.env['PAYSTACK_API_URL'] || DEFAULT_PAYSTACK_API_URL).replace(/\/+$/, '') };
}

/** A call Paystack refused or could not answer; `message` is Paystack's own when it gave one. */
export class PaystackError extends Error {
  /** Paystack's HTTP status, 0 when it could not be reached. */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'PaystackError';
    this.status = status;
  }
}

/** A transaction as Paystack describes it in verify answers and `charge.success` webhooks. */
export interface PaystackTransaction {
  readonly id: number;
  /** success, failed, abandoned, ongoing, pending, reversed… */
  readonly status: string;
  readonly reference: string;
  readonly amount: number;
  readonly currency: string;
  readonly channel?: string | null | undefined;
  readonly paid_at?: string | null | undefined;
  readonly customer?:
    | {
        readonly email?: string | null | undefined;
        readonly first_name?: string | null | undefined;
        readonly last_name?: string | null | undefined;
      }
    | null
    | undefined;
  /** An object with `plan_code`, a code, or empty (`{}`, `[]`, null) when the charge is not a subscription's. */
  readonly plan?: unknown;
  /** Where the charge was made (`virtual_terminal`, `merchant_api`…), in webhooks of newer integrations. */
  readonly source?:
    | {
        readonly type?: string | null | undefined;
        readonly source?: string | null | undefined;
        readonly identifier?: string | null | undefined;
      }
    | null
    | undefined;
}

async function call<T>(config: PaystackConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (failure) {
    throw new PaystackError(`Paystack could not be reached: ${String(failure)}`, 0);
  }
  let answer: { status?: unknown; message?: unknown; data?: unknown };
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    throw new PaystackError(`Paystack answered ${res.status} without JSON`, res.status);
  }
  if (!res.ok || answer.status !== true) {
    throw new PaystackError(typeof answer.message === 'string' ? answer.message : `HTTP ${res.status}`, res.status);
  }
  return answer.data as T;
}

/** What `POST /transaction/initialize` takes (amount in the currency's subunit). */
export interface InitializeRequest {
  readonly email: string;
  readonly amount: number;
  readonly currency: string;
  readonly reference: string;
  readonly channels?: readonly string[];
  readonly plan?: string;
  readonly callback_url?: string;
  readonly metadata?: Record<string, unknown>;
}

/** Starts a transaction; Paystack answers with the hosted checkout address. */
export function initializeTransaction(
  config: PaystackConfig,
  request: InitializeRequest,
): Promise<{ authorization_url: string; access_code: string; reference: string }> {
  return call(config, 'POST', '/transaction/initialize', { ...request, amount: String(request.amount) });
}

/** Asks Paystack where a transaction stands (`GET /transaction/verify/:reference`). */
export function verifyTransaction(config: PaystackConfig, reference: string): Promise<PaystackTransaction> {
  return call(config, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`);
}

/** Creates a plan (`POST /plan`) for a recurring gift of one amount. */
export function createPlan(
  config: PaystackConfig,
  plan: { name: string; amount: number; interval: 'monthly' | 'quarterly' | 'annually'; currency: string },
): Promise<{ plan_code: string }> {
  return call(config, 'POST', '/plan', plan);
}

/** A subscription as `POST /subscription` and `GET /subscription/:code` describe it (the fields the site reads). */
export interface PaystackSubscription {
  readonly subscription_code: string;
  readonly email_token?: string | null | undefined;
  readonly status?: string | null | undefined;
  /** The customer's id (create answers) or the customer (fetch answers). */
  readonly customer?: number | { readonly customer_code?: string | null | undefined } | null | undefined;
  readonly authorization?: { readonly authorization_code?: string | null | undefined } | null | undefined;
}

/**
 * Subscribes a customer (code or email) to `plan`, charged on the saved card `authorization` (`POST /subscription`),
 * first on `start_date` (ISO 8601) when given.
 */
export function createSubscription(
  config: PaystackConfig,
  request: { customer: string; plan: string; authorization: string; start_date?: string },
): Promise<PaystackSubscription> {
  return call(config, 'POST', '/subscription', request);
}

/** A subscription with its customer, saved card and email token (`GET /subscription/:id_or_code`). */
export function fetchSubscription(config: PaystackConfig, subscriptionCode: string): Promise<PaystackSubscription> {
  return call(config, 'GET', `/subscription/${encodeURIComponent(subscriptionCode)}`);
}

/** Stops a subscription (`POST /subscription/disable` with its code and email token). */
export async function disableSubscription(config: PaystackConfig, code: string, token: string): Promise<void> {
  await call(config, 'POST', '/subscription/disable', { code, token });
}

/**
 * The address of Paystack's own page where the donor of a subscription updates its card or cancels it
 * (`GET /subscription/:code/manage/link`, answered `{ status, message: 'Link generated', data: { link } }`).
 */
export async function subscriptionManageLink(config: PaystackConfig, subscriptionCode: string): Promise<string> {
  const data = await call<{ link?: unknown }>(
    config,
    'GET',
    `/subscription/${encodeURIComponent(subscriptionCode)}/manage/link`,
  );
  if (typeof data?.link !== 'string' || !/^https?:\/\//.test(data.link)) {
    throw new PaystackError('Paystack answered without a manage link', 200);
  }
  return data.link;
}

/** The plan code of a transaction or webhook `plan` field, which is an object, a code or empty. */
export function planCodeOf(plan: unknown): string | null {
  if (typeof plan === 'string') return plan || null;
  if (typeof plan !== 'object' || plan === null || Array.isArray(plan)) return null;
  const code = (plan as { plan_code?: unknown }).plan_code;
  return typeof code === 'string' && code !== '' ? code : null;
}
