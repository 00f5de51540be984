/**
 * What the browser tests' SMTP server (./mail-sink.ts) has received, read by any spec: each message is a file
 * `{to, raw}` under {@link MAIL_DIR}, parsed as support/stand-ins/smtp.ts parses mail.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseMail, type ReceivedMail } from '../../../support/stand-ins/smtp.ts';
import { e2eMailDir } from '../../../support/e2e/server.ts';

/** Where the sink writes the messages of this run. */
export const MAIL_DIR = e2eMailDir;

/** Every message received so far, oldest first. */
export async function receivedMail(): Promise<ReceivedMail[]> {
  const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const mails: ReceivedMail[] = [];
  for (const name of names) {
    try {
      const { to, raw } = JSON.parse(await readFile(join(MAIL_DIR, name), 'utf8')) as { to: string[]; raw: string };
      mails.push(parseMail(raw, to));
    } catch {
      // A file still being written is read on the next poll.
    }
  }
  return mails;
}

/** Waits for the messages `matches` picks (sending happens after the visitor's answer) and returns them. */
export async function mailTo(address: string, matches: (mail: ReceivedMail) => boolean = () => true, count = 1) {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await receivedMail()).filter((mail) => mail.to.includes(address.toLowerCase()) && matches(mail));
        return found.length;
      },
      { message: `${count} email(s) to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
