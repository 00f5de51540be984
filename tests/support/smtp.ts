/**
 * A real SMTP server for tests (the `smtp-server` package, no TLS, no sign-in) that keeps what it receives.
 * `reject` turns a message away with a final 550, as a provider refusing it would.
 *
 *   const smtp = await startSmtpServer(2516);
 *   process.env['SMTP_URL'] = smtp.url;
 *   …
 *   expect(smtp.messages[0]?.subject).toBe('New contact message (#1)');
 *   await smtp.close();
 */
import { SMTPServer } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  readonly to: string[];
  /** The To header. */
  readonly toHeader: string;
  readonly from: string;
  readonly subject: string;
  /** The decoded plain-text body. */
  readonly text: string;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Starts a server on `port` (127.0.0.1). */
export async function startSmtpServer(
  port: number,
  options: { reject?: (mail: ReceivedMail) => boolean } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        if (options.reject?.(mail)) {
          callback(Object.assign(new Error('Message refused by test server'), { responseCode: 550 }));
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  let closing: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

/** Reads the headers and plain-text body of a message as nodemailer writes it. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    to,
    toHeader: header('To'),
    from: header('From'),
    subject: header('Subject'),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
  };
}
