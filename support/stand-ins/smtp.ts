/**
 * A real SMTP server for tests (the `smtp-server` package, no TLS, no sign-in) that keeps what it receives.
 * `reject` turns a message away with a final 550, as a provider refusing it would.
 *
 *   const smtp = await startSmtpServer();        // a free port
 *   process.env['SMTP_URL'] = smtp.url;
 *   …
 *   expect(smtp.messages[0]?.subject).toBe('New contact message (#1)');
 *   await smtp.close();
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A port that was free a moment ago (the system's pick for port 0), for a test server that must stop and start
 * again on the same address, as a mail server that goes down and comes back does.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/** One message as the server received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  readonly to: string[];
  /** The To header. */
  readonly toHeader: string;
  readonly from: string;
  readonly subject: string;
  /** The decoded plain-text body (of the text/plain part when the message has several). */
  readonly text: string;
  /** A header's value by name (case-insensitive), folded lines joined; '' when absent. */
  header(name: string): string;
  /** Files attached to a multipart message, their bytes decoded. */
  readonly attachments: { readonly filename: string; readonly contentType: string; readonly content: Buffer }[];
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Starts a server on `port` of 127.0.0.1 (0, the default: one the system picks). */
export async function startSmtpServer(
  port = 0,
  options: {
    reject?: (mail: ReceivedMail) => boolean;
    /** Called with each accepted message as it came (raw) and its envelope recipients. */
    onMessage?: (raw: string, to: string[]) => void;
  } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(raw, to);
        if (options.reject?.(mail)) {
          callback(Object.assign(new Error('Message refused by test server'), { responseCode: 550 }));
          return;
        }
        messages.push(mail);
        options.onMessage?.(raw, to);
        callback();
      });
    },
  });
  // A client that dies mid-session (a sender killed by a test) resets its connection; a mail server carries on.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  let closing: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

/** Splits a MIME entity into its unfolded header block and its body. */
function splitEntity(raw: string): { head: string; body: string; header: (name: string) => string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { head, body, header };
}

/** A part's body decoded from its Content-Transfer-Encoding. */
function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(body, 'utf8');
}

/** The leaf parts of a (possibly nested) multipart entity. */
function leafParts(raw: string): ReturnType<typeof splitEntity>[] {
  const entity = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(entity.header('Content-Type'))?.[1];
  if (!/^multipart\//i.test(entity.header('Content-Type')) || !boundary) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => leafParts(part.replace(/^\r\n/, '')));
}

/** Reads the headers, plain-text body and attachments of a message as nodemailer writes it. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = splitEntity(raw);
  const parts = leafParts(raw);
  const textPart =
    parts.find(
      (part) =>
        !/^multipart\//i.test(part.header('Content-Type')) &&
        /^text\/plain|^$/i.test(part.header('Content-Type')) &&
        !/attachment/i.test(part.header('Content-Disposition')),
    ) ?? message;
  const encodingOf = (part: ReturnType<typeof splitEntity>) => part.header('Content-Transfer-Encoding').toLowerCase();
  const text = decodeBody(textPart.body, encodingOf(textPart)).toString('utf8');
  const attachments = parts
    .filter((part) => /attachment/i.test(part.header('Content-Disposition')))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1] ?? '',
      contentType: part.header('Content-Type').split(';')[0]?.trim() ?? '',
      content: decodeBody(part.body, encodingOf(part)),
    }));
  return {
    to,
    toHeader: message.header('To'),
    from: message.header('From'),
    subject: message.header('Subject'),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
    header: message.header,
    attachments,
  };
}
