/**
 * Playwright global setup: the one SMTP server of a browser-test run, on the port the site's `SMTP_URL` names
 * (support/server.ts). Specs run side by side and the site sends every email there, so no spec may start its own: each
 * reads what arrived with {@link ./mailbox.ts}. Every message is written as a file under {@link MAIL_DIR}.
 *
 * A message whose text names `Refused <hex>` is refused once (a final 550), as a provider turning it away would; sent
 * again, it is accepted (tests/e2e/notifications.spec.ts).
 */
import { writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startSmtpServer } from '../../support/smtp.ts';
import { e2eSmtpPort } from './admin.ts';
import { MAIL_DIR } from './mailbox.ts';
import { e2ePort } from './server.ts';

/** Starts the sink; Playwright calls the returned function when the run ends. */
export default async function setup(): Promise<() => Promise<void>> {
  await rm(MAIL_DIR, { recursive: true, force: true });
  await mkdir(MAIL_DIR, { recursive: true });
  const refusedOnce = new Set<string>();
  let count = 0;
  const smtp = await startSmtpServer(e2eSmtpPort(e2ePort), {
    reject: (mail) => {
      const marker = /Refused [0-9a-f]+/.exec(mail.text)?.[0];
      if (!marker || refusedOnce.has(marker)) return false;
      refusedOnce.add(marker);
      return true;
    },
    onMessage: (raw, to) => {
      count += 1;
      // Written before the server answers, so a message the outbox calls sent can be read at once.
      writeFileSync(join(MAIL_DIR, `${String(count).padStart(6, '0')}.json`), JSON.stringify({ to, raw }));
    },
  });
  return () => smtp.close();
}
