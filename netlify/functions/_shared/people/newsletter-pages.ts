/** The pages a newsletter link answers with when it cannot do what it says. */
import { htmlPage } from '../platform/html-page.ts';
import type { LinkOutcome } from './newsletter.ts';

/** The page for a refused link (400), or for a database that cannot be reached (503): nothing has changed. */
export function linkFailure(reason: Exclude<LinkOutcome, 'done' | 'gone'> | 'unavailable'): Response {
  const text: Record<typeof reason, { title: string; body: string }> = {
    malformed: {
      title: 'This link is not complete',
      body: 'The link is missing part of its address; mail programs sometimes cut long links. Copy the whole link from the email into the address bar.',
    },
    forged: {
      title: 'This link is not valid',
      body: 'The link does not match any email we sent. Nothing has changed.',
    },
    expired: {
      title: 'This link has expired',
      body: 'Confirmation links work for 7 days. Sign up again in the footer of any page and we will send a new one.',
    },
    unavailable: {
      title: 'Please try again shortly',
      body: 'Our service is temporarily unavailable. Nothing has changed; open the link again in a few minutes.',
    },
  };
  const { title, body } = text[reason];
  return htmlPage(
    {
      title,
      html: `<p>${body}</p>\n<p>To leave our news at any time, ask for a new link at <a href="/newsletter/leave/">the unsubscribe page</a>.</p>`,
      tone: 'problem',
    },
    reason === 'unavailable' ? 503 : 400,
  );
}
