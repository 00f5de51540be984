/**
 * My giving over HTTP for `npm run bench:http`: a donor with many gifts (recorded through the staff API, each
 * confirmed with its receipt), signed in the way a donor is: a link asked for at `/api/my-giving/link`, read at the
 * bench's SMTP server, and its button pressed. The bench then times `GET /my-giving/account` with that session.
 */
import { randomBytes } from 'node:crypto';
import type { TestSmtpServer } from '../../support/stand-ins/smtp.ts';
import { runConcurrently } from './bench.ts';

/** The page's p50 the bench aims at, in ms, for a donor with {@link MY_GIVING_GIFTS} gifts. */
export const MY_GIVING_P50_TARGET_MS = 100;

/** How many gifts the bench's donor has. */
export const MY_GIVING_GIFTS = 200;

/** Records the donor's gifts and signs them in; the session cookie (`name=value`) and the donor's address. */
export async function signedInDonor(
  url: string,
  smtp: TestSmtpServer,
  auth: Record<string, string>,
  gifts = MY_GIVING_GIFTS,
): Promise<{ cookie: string; email: string }> {
  const email = `bench-donor-${randomBytes(4).toString('hex')}@example.org`;
  await runConcurrently(gifts, 8, async (i) => {
    const res = await fetch(`${url}/api/admin/gifts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        amount: 10 + (i % 50),
        currency: i % 3 === 0 ? 'KES' : 'USD',
        method: 'cheque',
        cause: 'water',
        donorName: 'Bench Donor',
        donorEmail: email,
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`recording a gift answered ${res.status}`);
    return 0;
  });
  const asked = await fetch(`${url}/api/my-giving/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 202) throw new Error(`asking for a sign-in link answered ${asked.status}`);
  // The email's link names the site's public address; the bench's server listens on a port of its own.
  const sent = new URL(await linkFor(smtp, email));
  const link = new URL(`${sent.pathname}${sent.search}`, url);
  const signIn = await fetch(link, { method: 'POST', headers: { origin: new URL(url).origin }, redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (signIn.status !== 303 || !cookie) throw new Error(`signing in answered ${signIn.status}`);
  const page = await (await fetch(`${url}/my-giving/account`, { headers: { cookie } })).text();
  const rows = page.match(/<tr><td>/g)?.length ?? 0;
  if (rows !== gifts) throw new Error(`My giving listed ${rows} gifts, not ${gifts}`);
  return { cookie, email };
}

/** Waits (up to a minute: receipts are queued first) for the sign-in link emailed to `email`. */
async function linkFor(smtp: TestSmtpServer, email: string): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const mail = smtp.messages.find((message) => message.to.includes(email) && message.subject.includes('My giving'));
    const link = mail && /https?:\/\/\S+\/my-giving\/sign-in\?\S+/.exec(mail.text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-in link reached ${email}`);
}
