/**
 * The one SMTP server of a browser-test run, started on a free port by ./serve-e2e.ts beside the site, whose
 * `SMTP_URL` names it. Specs run side by side and the site sends every email there, so no spec may start its own: each
 * reads what arrived with {@link ./mailbox.ts}. Every message is written as a file under {@link e2eMailDir}.
 *
 * A message whose text names `Refused <hex>` is refused once (a final 550), as a provider turning it away would; sent
 * again, it is accepted (tests/e2e/notifications.spec.ts).
 */
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startSmtpServer, type TestSmtpServer } from '../../../support/stand-ins/smtp.ts';
import { e2eMailDir } from '../../../support/e2e/server.ts';

/** Starts the sink on a free port of 127.0.0.1; its `url` is the site's `SMTP_URL`. */
export async function startMailSink(): Promise<TestSmtpServer> {
  await mkdir(e2eMailDir, { recursive: true });
  const refusedOnce = new Set<string>();
  let count = 0;
  return startSmtpServer(0, {
    reject: (mail) => {
      const marker = /Refused [0-9a-f]+/.exec(mail.text)?.[0];
      if (!marker || refusedOnce.has(marker)) return false;
      refusedOnce.add(marker);
      return true;
    },
    onMessage: (raw, to) => {
      count += 1;
      // Written before the server answers, so a message the outbox calls sent can be read at once.
      writeFileSync(join(e2eMailDir, `${String(count).padStart(6, '0')}.json`), JSON.stringify({ to, raw }));
    },
  });
}
