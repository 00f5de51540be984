/**
 * Email over SMTP with nodemailer, configured only by the environment so any provider works:
 * `SMTP_URL` (e.g. `smtps://user:password@smtp.example.org:465`), `NOTIFY_FROM` and `NOTIFY_TO`.
 * Without `SMTP_URL` nothing is ever sent (the local default).
 */
import { createTransport } from 'nodemailer';

/** One email as the outbox holds it. */
export interface MailMessage {
  /** Addresses as one header value (`a@example.org, b@example.org`). */
  readonly to: string;
  readonly subject: string;
  /** Plain text: small, readable on a phone, no tracking. */
  readonly text: string;
  /** The `<…@…>` Message-ID: the same on every attempt at one outbox row. */
  readonly messageId?: string | undefined;
  /** Where a reply goes when it is not the sender (a staff member answering). */
  readonly replyTo?: string | null | undefined;
  /** The From address when it is not `NOTIFY_FROM` (the charity's office answering a message). */
  readonly from?: string | null | undefined;
  /** Extra headers by name (`List-Unsubscribe`, …). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Files sent with the message. */
  readonly attachments?: readonly MailAttachment[] | undefined;
}

/** A file sent with an email, its bytes in base64 (as the outbox stores it). */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
}

/** Something that sends emails; {@link openMailer} makes the real one. */
export interface Mailer {
  /** Sends one message; rejects with the server's or the network's error. */
  send(message: MailMessage): Promise<void>;
  /** Closes the connection. */
  close(): void;
}

/** Sender used when `NOTIFY_FROM` is unset. */
export const DEFAULT_FROM = 'Tumaini website <no-reply@localhost>';

/**
 * Time limits: a slow or silent server must not hold a function (scheduled ones stop after 30 s); what is not sent in
 * time stays pending and is retried.
 */
const TIMEOUTS = { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 15_000, dnsTimeout: 5_000 };

/** The longest one send is waited for: a send still going then counts as failed and is retried after a backoff. */
export const SEND_LIMIT_MS = 45_000;

/** `SMTP_URL`, or undefined when sending is off. */
export function smtpUrl(): string | undefined {
  return process.env['SMTP_URL']?.trim() || undefined;
}

/** The `NOTIFY_TO` addresses (comma, semicolon or space separated), lower-cased, each once. */
export function notifyTo(): string[] {
  return splitAddresses(process.env['NOTIFY_TO'] ?? '');
}

/** Splits a list of addresses, dropping blanks and repeats. */
export function splitAddresses(value: string): string[] {
  const all = value
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.includes('@'));
  return [...new Set(all)];
}

/**
 * The mailer for `SMTP_URL`, or undefined when it is unset. It keeps one connection open for all it sends until it
 * is closed: a delivery run sends many emails, and opening a connection (greeting, EHLO, TLS) for each cost more than
 * the email itself.
 */
export function openMailer(url: string | undefined = smtpUrl()): Mailer | undefined {
  if (!url) return undefined;
  const from = process.env['NOTIFY_FROM']?.trim() || DEFAULT_FROM;
  const transport = createTransport({ url, pool: true, maxConnections: 1, ...TIMEOUTS }, { from });
  return {
    async send(message) {
      const sending = transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.from ? { from: message.from } : {}),
        ...(message.headers ? { headers: { ...message.headers } } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
                encoding: 'base64',
              })),
            }
          : {}),
      });
      // Settles unobserved when the limit wins the race below.
      sending.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('Sending took too long'), { code: 'ETIMEDOUT' })),
          SEND_LIMIT_MS,
        );
      });
      try {
        await Promise.race([sending, limit]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}

/** The domain of the `NOTIFY_FROM` address (Message-IDs are made under it); `localhost` without one. */
export function senderDomain(): string {
  const from = process.env['NOTIFY_FROM']?.trim() || DEFAULT_FROM;
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? 'localhost';
}

/** True for an error the server gave as final (a 5xx reply): retrying the same message cannot help. */
export function isPermanent(failure: unknown): boolean {
  const code = (failure as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A short, secret-free description of a sending failure for the outbox. */
export function describeFailure(failure: unknown): string {
  const error = failure as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown } | null;
  const parts = [
    typeof error?.code === 'string' ? error.code : undefined,
    typeof error?.response === 'string'
      ? error.response
      : typeof error?.message === 'string'
        ? error.message
        : String(failure),
  ];
  // Never echo credentials that a connection error may quote from the URL.
  return parts
    .filter(Boolean)
    .join(': ')
    .replace(/\/\/[^@\s/]*@/g, '//***@')
    .slice(0, 300);
}
