/**
 * The gifts part of `npm run bench:http`: the public checkout, Paystack's signed `charge.success` webhook
 * and Safaricom's C2B confirmation, timed over HTTP one at a time and in bursts with duplicates, then the ledger
 * checked in the database (./bench-ledger.ts): one confirmed gift per reference, one receipt number each, one receipt
 * email queued and received per gift, no gift confirmed twice.
 *
 * The server is pointed at the Paystack stand-in (support/stand-ins/paystack.ts) and a real SMTP server
 * (support/stand-ins/smtp.ts), both started here on free ports, so checkouts, webhooks and receipts take the same path
 * as in production without reaching the internet.
 */
import { randomBytes } from 'node:crypto';
import { startPaystack, type PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';
import { burst, burstRow, oneByOne, percentile, type Answer } from './bench.ts';

/** The sizes of the gifts rows (env: BENCH_WEBHOOKS, BENCH_DUPLICATES, BENCH_BURST_CONCURRENCY, BENCH_C2B). */
export interface GiftBenchSizes {
  /** Calls of each concurrency-1 row (checkout, webhook, C2B). */
  single: number;
  /** Webhooks of the burst, duplicates included. */
  webhooks: number;
  /** C2B confirmations of their burst, duplicates included. */
  c2b: number;
  /** Share of each burst that repeats an earlier call. */
  duplicates: number;
  /** Calls in flight at once in a burst. */
  concurrency: number;
}

/** The sizes from the environment, with the defaults. */
export function giftBenchSizes(single: number): GiftBenchSizes {
  return {
    single,
    webhooks: Number(process.env['BENCH_WEBHOOKS'] ?? 1000),
    c2b: Number(process.env['BENCH_C2B'] ?? 500),
    duplicates: Number(process.env['BENCH_DUPLICATES'] ?? 0.3),
    concurrency: Number(process.env['BENCH_BURST_CONCURRENCY'] ?? 50),
  };
}

/** The target for the single webhook's p50 over HTTP. */
export const WEBHOOK_P50_TARGET_MS = 50;

/** The target for the webhook burst's p50 over HTTP (concurrency 50, 30 % duplicates), on both databases. */
export const WEBHOOK_BURST_P50_TARGET_MS = 200;

/** Untimed calls of each kind first, as the other rows warm up. */
const WARM_UP = 5;
const PAYBILL = '600100';
const SPONSORED = ['amani', 'wanjiku', 'baraka', 'achieng'];

/** The outside services a server under test talks to, started on free ports. */
export interface GiftServices {
  readonly paystack: PaystackStandIn;
  readonly smtp: TestSmtpServer;
  /** The path secret of the C2B confirmation URL. */
  readonly pathSecret: string;
  /** What the server's environment needs to use them. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the Paystack stand-in and the SMTP server for one database's run. */
export async function startGiftServices(): Promise<GiftServices> {
  const paystack = await startPaystack(0);
  const smtp = await startSmtpServer(await freePort());
  const pathSecret = randomBytes(24).toString('base64url');
  return {
    paystack,
    smtp,
    pathSecret,
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_API_URL: paystack.url,
      MPESA_PAYBILL: PAYBILL,
      MPESA_C2B_PATH_SECRET: pathSecret,
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'office@tumaini.example',
      NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    },
    close: async () => {
      await paystack.close();
      await smtp.close();
    },
  };
}

/**
 * The order of a burst of `total` calls over `unique` distinct ones, `share` of them repeats: a third of the repeats
 * go out at the same moment as their original, the rest replay an earlier one later (while it may still be in
 * flight). Each job lists the indexes it sends together.
 */
function burstPlan(total: number, share: number): { unique: number; jobs: number[][] } {
  const repeats = Math.round(total * share);
  const unique = total - repeats;
  const together = Math.floor(repeats / 3);
  const twins = new Set<number>();
  while (twins.size < Math.min(together, unique)) twins.add(Math.floor(Math.random() * unique));
  const later = new Map<number, number[]>();
  for (let r = 0; r < repeats - twins.size; r++) {
    const at = 1 + Math.floor(Math.random() * Math.max(1, unique - 1));
    later.set(at, [...(later.get(at) ?? []), Math.floor(Math.random() * at)]);
  }
  const jobs: number[][] = [];
  for (let i = 0; i < unique; i++) {
    jobs.push(twins.has(i) ? [i, i] : [i]);
    for (const original of later.get(i) ?? []) jobs.push([original]);
  }
  return { unique, jobs };
}

/** What the gifts rows sent, for the ledger check (./bench-ledger.ts) once the server has stopped. */
export interface GiftRun {
  /** References of the gifts the webhooks paid (each sent at least once). */
  readonly paid: readonly string[];
  /** TransIDs of the C2B confirmations (each sent at least once). */
  readonly transIds: readonly string[];
  /** Receipt emails the SMTP server received, by gift reference's donor address. */
  readonly receiptMails: readonly { to: string; messageId: string; subject: string; pdf: boolean }[];
  /** Invariants broken over HTTP (a 5xx, a wrong outcome, a missed target). */
  readonly failures: string[];
}

/** Times the checkout, the Paystack webhook and the C2B confirmation over HTTP at `url`, alone and in bursts. */
export async function benchGifts(
  database: string,
  url: string,
  services: GiftServices,
  sizes: GiftBenchSizes,
  staff: Record<string, string>,
): Promise<GiftRun> {
  const failures: string[] = [];
  const { paystack, smtp, pathSecret } = services;
  let donor = 0;
  const checkout = () => {
    const i = donor++;
    const form =
      i % 10 === 9
        ? {
            form: 'sponsorship_application',
            childId: SPONSORED[i % SPONSORED.length]!,
            name: `Sponsor ${i}`,
            email: `sponsor-${i}@example.org`,
            sponsorshipType: 'full',
            paymentMethod: 'monthly',
            website: '',
          }
        : {
            form: 'donation_intent',
            type: i % 5 === 0 ? 'monthly' : 'one-time',
            cause: ['education', 'water', 'healthcare', 'general'][i % 4]!,
            amount: '',
            customAmount: String(10 + (i % 90)),
            paymentMethod: i % 3 === 0 ? 'mpesa' : 'card',
            name: `Donor ${i}`,
            email: `donor-${i}@example.org`,
            phone: '',
            address: '',
            ...(i % 2 === 0 ? { newsletter: 'on' } : {}),
            website: '',
          };
    return fetch(`${url}/api/payments/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
  };
  /**
   * The references of the gifts checkouts answered with a 303 to the stand-in's checkout page. A child whose
   * sponsorship an earlier webhook of the run confirmed is refused with a 409 and no gift: that is expected.
   */
  const referencesOf = (answers: Answer[], locations: string[]) => {
    for (const answer of answers) {
      const sponsored = answer.status === 409 && answer.body.includes('already has a sponsor');
      if (answer.status !== 303 && !sponsored) {
        failures.push(`${database}: a checkout answered ${answer.status}: ${answer.body}`);
      }
    }
    const byAccessCode = new Map([...paystack.transactions.values()].map((txn) => [txn.access_code, txn.reference]));
    return locations.map((location) => byAccessCode.get(location.split('/').pop() ?? '') ?? '').filter(Boolean);
  };
  const checkouts = async (count: number, concurrency: number, shown = true) => {
    const locations: string[] = [];
    const call = async () => {
      const response = await checkout();
      const location = response.headers.get('location');
      if (location) locations.push(location);
      return response;
    };
    const { answers, seconds } = await burst(
      Array.from({ length: count }, () => [call]),
      concurrency,
    );
    if (shown) burstRow(database, 'checkout', concurrency, { answers, seconds });
    return referencesOf(answers, locations);
  };

  const webhookOf = (reference: string) => {
    const txn = paystack.transactions.get(reference);
    paystack.pay(reference, txn?.currency === 'KES' ? 'mobile_money' : 'card');
    const body = paystack.chargeSuccess(reference);
    const signature = paystack.sign(body);
    return () =>
      fetch(`${url}/api/payments/paystack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
  };
  /** Counts each outcome the webhook answered; anything but a 200 is a failure. */
  const outcomes = (name: string, answers: Answer[]) => {
    const counts = new Map<string, number>();
    for (const answer of answers) {
      let outcome = `HTTP ${answer.status}`;
      if (answer.status === 200) {
        outcome = (JSON.parse(answer.body) as { outcome?: string }).outcome ?? 'no outcome';
      } else {
        failures.push(`${database}: ${name} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      }
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    }
    return counts;
  };
  const expectOutcomes = (
    name: string,
    counts: Map<string, number>,
    confirmed: number,
    repeats: number,
    stored = false,
  ) => {
    const said = [...counts].map(([outcome, count]) => `${outcome} ${count}`).join(', ');
    console.log(`${' '.repeat(10)}${name}: ${said} (expected confirmed ${confirmed}, repeats ${repeats})`);
    const repeated = (counts.get('duplicate') ?? 0) + (counts.get('already-confirmed') ?? 0);
    // A Paystack charge is answered `received` once stored and settled after its answer: the ledger check counts it.
    const settling = (counts.get('confirmed') ?? 0) + (stored ? (counts.get('received') ?? 0) : 0);
    if (settling !== confirmed || repeated !== repeats) {
      failures.push(`${database}: ${name} outcomes ${said}; expected confirmed ${confirmed} and ${repeats} repeats`);
    }
  };

  // Warm-up (not timed): each function's first calls start its worker.
  const warm = await checkouts(WARM_UP, 1, false);
  expectOutcomes(
    'warm-up webhooks',
    outcomes('warm-up webhooks', (await oneByOne(warm.map(webhookOf))).answers),
    WARM_UP,
    0,
    true,
  );

  // Alone: checkouts one at a time, then their webhooks one at a time.
  const alone = await checkouts(sizes.single, 1);
  const single = await oneByOne(alone.map(webhookOf));
  const singleSorted = burstRow(database, 'webhook', 1, single);
  expectOutcomes('webhook c=1', outcomes('webhook c=1', single.answers), alone.length, 0, true);
  const p50 = percentile(singleSorted, 50);
  if (!(p50 <= WEBHOOK_P50_TARGET_MS)) {
    failures.push(
      `${database}: the single webhook's p50 is ${p50.toFixed(1)} ms (target ≤ ${WEBHOOK_P50_TARGET_MS} ms)`,
    );
  }

  // A burst: the gifts made by checkouts at once, then their webhooks with duplicates.
  const plan = burstPlan(sizes.webhooks, sizes.duplicates);
  const burstRefs = await checkouts(plan.unique, sizes.concurrency);
  const sends = burstRefs.map(webhookOf);
  const jobs = plan.jobs.filter((job) => job.every((i) => i < sends.length)).map((job) => job.map((i) => sends[i]!));
  const webhooks = await burst(jobs, sizes.concurrency);
  const burstSorted = burstRow(database, 'webhook', sizes.concurrency, webhooks);
  const burstP50 = percentile(burstSorted, 50);
  if (!(burstP50 <= WEBHOOK_BURST_P50_TARGET_MS)) {
    failures.push(
      `${database}: the webhook burst's p50 is ${burstP50.toFixed(1)} ms (target ≤ ${WEBHOOK_BURST_P50_TARGET_MS} ms)`,
    );
  }
  const sent = jobs.reduce((sum, job) => sum + job.length, 0);
  expectOutcomes(
    `webhook burst (${sent} calls, ${sent - burstRefs.length} duplicates)`,
    outcomes('webhook burst', webhooks.answers),
    burstRefs.length,
    sent - burstRefs.length,
    true,
  );

  // M-Pesa sent to the Paybill: Daraja's confirmations, alone and in a burst with repeats of the same TransID.
  let trans = 0;
  const transIds: string[] = [];
  const confirmation = () => {
    const i = trans++;
    const transId = `BN${Date.now().toString(36).toUpperCase().slice(-6)}${String(i).padStart(6, '0')}`;
    transIds.push(transId);
    const body = JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: '20261125063845',
      TransAmount: `${100 + (i % 50) * 10}.00`,
      BusinessShortCode: PAYBILL,
      BillRefNumber: i % 7 === 0 ? SPONSORED[i % SPONSORED.length]! : 'GIFT',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: `Mpesa${i}`,
      MiddleName: '',
      LastName: 'Donor',
    });
    return () =>
      fetch(`${url}/api/payments/mpesa/c2b/${pathSecret}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
  };
  const c2bWarm = await oneByOne(Array.from({ length: WARM_UP }, confirmation));
  expectOutcomes('warm-up c2b', outcomes('warm-up c2b', c2bWarm.answers), WARM_UP, 0);
  const c2bAlone = await oneByOne(Array.from({ length: sizes.single }, confirmation));
  burstRow(database, 'c2b', 1, c2bAlone);
  expectOutcomes('c2b c=1', outcomes('c2b c=1', c2bAlone.answers), sizes.single, 0);
  const c2bPlan = burstPlan(sizes.c2b, sizes.duplicates);
  const c2bSends = Array.from({ length: c2bPlan.unique }, confirmation);
  const c2bBurst = await burst(
    c2bPlan.jobs.map((job) => job.map((i) => c2bSends[i]!)),
    sizes.concurrency,
  );
  burstRow(database, 'c2b', sizes.concurrency, c2bBurst);
  expectOutcomes(
    `c2b burst (${sizes.c2b} calls, ${sizes.c2b - c2bPlan.unique} duplicates)`,
    outcomes('c2b burst', c2bBurst.answers),
    c2bPlan.unique,
    sizes.c2b - c2bPlan.unique,
  );

  const paid = [...warm, ...alone, ...burstRefs];
  const settled = await settleStored(url, staff);
  if (!settled.ok)
    failures.push(`${database}: gifts still pending ${settled.seconds.toFixed(1)} s after the last answer`);
  console.log(`${' '.repeat(10)}every stored charge settled ${settled.seconds.toFixed(1)} s after the last answer`);
  const drained = await drainOutbox(url, staff);
  if (!drained.ok) failures.push(`${database}: the outbox did not drain: ${JSON.stringify(drained.counts)}`);
  const receiptMails = smtp.messages
    .filter((mail) => mail.subject.startsWith('Your receipt'))
    .map((mail) => ({
      to: mail.to.join(', '),
      messageId: mail.header('Message-ID'),
      subject: mail.subject,
      pdf: mail.attachments.some((file) => file.contentType === 'application/pdf'),
    }));
  console.log(
    `${' '.repeat(10)}outbox drained in ${drained.seconds.toFixed(1)} s: ${JSON.stringify(drained.counts)}; ` +
      `the SMTP server received ${smtp.messages.length} emails, ${receiptMails.length} of them receipts`,
  );
  return { paid, transIds, receiptMails, failures };
}

/** Waits until no gift is pending: the charges answered `received` are settled after their answers. */
async function settleStored(url: string, staff: Record<string, string>) {
  const started = performance.now();
  let pending = 1;
  while (pending > 0 && performance.now() - started < 120_000) {
    const response = await fetch(`${url}/api/admin/gifts?state=pending&limit=1`, { headers: staff });
    pending = ((await response.json()) as { gifts: unknown[] }).gifts.length;
    if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: pending === 0, seconds: (performance.now() - started) / 1000 };
}

/** Waits until the outbox has nothing pending (the sends each call started after its answer), up to two minutes. */
async function drainOutbox(url: string, staff: Record<string, string>) {
  const started = performance.now();
  let counts: Record<string, number> = {};
  while (performance.now() - started < 120_000) {
    const response = await fetch(`${url}/api/admin/outbox?limit=1`, { headers: staff });
    counts = ((await response.json()) as { counts: Record<string, number> }).counts;
    if ((counts['pending'] ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  return { ok: (counts['pending'] ?? 0) === 0 && (counts['failed'] ?? 0) === 0, counts, seconds };
}
