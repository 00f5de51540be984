/**
 * The embedded database's wire server (support/database/pglite-server.ts) over raw sockets: a connection that holds a
 * transaction, or is between the Flush and the Sync of an extended query, keeps PGlite to itself, and one that hangs
 * up while it waits for its turn or mid-query leaves nothing behind; and nobody gets in without the server's password.
 */
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { servePGlite, type PGliteServer } from '../../support/database/pglite-server.ts';

const startup = (() => {
  const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), Buffer.from('user\0postgres\0database\0postgres\0\0')]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([length, body]);
})();

/** A simple-protocol Query message. */
function queryMessage(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`);
  const header = Buffer.alloc(5);
  header[0] = 0x51;
  header.writeInt32BE(text.length + 4, 1);
  return Buffer.concat([header, text]);
}

/** A frontend message of `type`. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header[0] = type.charCodeAt(0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/**
 * One extended query up to the Flush the Neon driver sends before its Sync: Parse, Bind, Describe, Execute, Flush
 * (unnamed statement and portal, no parameters).
 */
function extendedQuery(sql: string): Buffer {
  const text = (value: string) => Buffer.from(`${value}\0`);
  return Buffer.concat([
    message('P', Buffer.concat([text(''), text(sql), Buffer.from([0, 0])])),
    message('B', Buffer.concat([text(''), text(''), Buffer.from([0, 0, 0, 0, 0, 0])])),
    message('D', Buffer.concat([Buffer.from('P'), text('')])),
    message('E', Buffer.concat([text(''), Buffer.from([0, 0, 0, 0])])),
    message('H'),
  ]);
}

const SYNC = message('S');

/** A raw client: sends messages and waits for the server's answers. */
class RawClient {
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (data) => {
      this.received = Buffer.concat([this.received, data]);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Starts a session: the startup message, then `password` when asked; resolves like {@link send}. */
  async login(password: string): Promise<string> {
    expect(await this.types(startup, 'R')).toBe('R');
    return this.send(message('p', Buffer.from(`${password}\0`)));
  }

  /** Sends `message` and resolves with the transaction status of the next ReadyForQuery ('I' idle, 'T' in one). */
  async send(message: Buffer): Promise<string> {
    const answer = await this.exchange(message, 'Z');
    return answer.at(-1)!.body.toString('latin1');
  }

  /** Sends `message` and resolves with the answers up to and including the first of type `until`. */
  answers(message: Buffer, until: string): Promise<{ type: string; body: Buffer }[]> {
    return this.exchange(message, until);
  }

  /** Sends `message` and resolves with the types of the answers up to and including the first of type `until`. */
  async types(message: Buffer, until: string): Promise<string> {
    return (await this.exchange(message, until)).map((answer) => answer.type).join('');
  }

  private async exchange(message: Buffer, until: string): Promise<{ type: string; body: Buffer }[]> {
    this.received = Buffer.alloc(0);
    this.socket.write(message);
    for (;;) {
      const answers: { type: string; body: Buffer }[] = [];
      for (let at = 0; at + 5 <= this.received.length;) {
        const end = at + 1 + this.received.readInt32BE(at + 1);
        if (end > this.received.length) break;
        answers.push({ type: String.fromCharCode(this.received[at]!), body: this.received.subarray(at + 5, end) });
        if (answers.at(-1)!.type === until) return answers;
        at = end;
      }
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));
  return Promise.race([promise.then(() => true), timeout]);
}

/** Connects and completes the startup. */
async function connected(): Promise<RawClient> {
  const client = new RawClient(server.port);
  expect(await client.login(server.password)).toBe('I');
  return client;
}

let db: PGlite;
let server: PGliteServer;

beforeAll(async () => {
  db = await PGlite.create();
  server = await servePGlite(db);
  await db.exec('create table notes (id int primary key)');
});

afterAll(async () => {
  await server.close();
  // Let the server drop its closed connections before PGlite goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  await db.close();
});

test('refuses a connection without the right password before PGlite sees anything of it', async () => {
  const guesser = new RawClient(server.port);
  expect(await guesser.types(startup, 'R')).toBe('R');
  expect(await guesser.types(message('p', Buffer.from('postgres\0')), 'E')).toBe('E');
  await new Promise((resolve) => guesser.socket.once('close', resolve));

  // Skipping the password and going straight to a query gets the same refusal, and no rows.
  const skipper = new RawClient(server.port);
  expect(await skipper.types(startup, 'R')).toBe('R');
  expect(await skipper.types(queryMessage('select rolpassword from pg_authid'), 'E')).toBe('E');
  await new Promise((resolve) => skipper.socket.once('close', resolve));
});

test('a connection that hangs up while waiting behind a transaction does not leave one open for everyone after it', async () => {
  const holder = new RawClient(server.port);
  const leaver = new RawClient(server.port);
  expect(await holder.login(server.password)).toBe('I');
  expect(await leaver.login(server.password)).toBe('I');
  expect(await holder.send(queryMessage('BEGIN'))).toBe('T');

  // The leaver's BEGIN waits for the holder's transaction to end, and it hangs up meanwhile (a request given up on).
  leaver.socket.write(queryMessage('BEGIN'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  leaver.socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(await holder.send(queryMessage('COMMIT'))).toBe('I');

  // Two later connections, one after the other: neither finds itself inside someone else's transaction.
  for (const _ of [1, 2]) {
    const next = new RawClient(server.port);
    expect(await next.login(server.password)).toBe('I');
    expect(await next.send(queryMessage('select 1'))).toBe('I');
    next.socket.destroy();
  }
  holder.socket.destroy();
});

/** One failing and one writing statement, with the answer each ends on before its Sync: ErrorResponse or CommandComplete. */
const MID_QUERY = [
  { name: 'a statement that failed', sql: 'select 1/0', answer: 'E', id: undefined },
  { name: 'an insert already answered', sql: 'insert into notes values (1)', answer: 'C', id: 1 },
] as const;

test.each(MID_QUERY)(
  'between Flush and Sync of $name, another connection waits its turn',
  async ({ sql, answer, id }) => {
    const first = await connected();
    const other = await connected();
    // The driver writes Flush, then Sync; the answer arrives in between.
    await first.types(extendedQuery(sql), answer);
    const begun = other.send(queryMessage('BEGIN'));
    // Before, the other BEGIN ran inside the first connection's query: after an error PGlite skipped it (no answer,
    // ever), and after an insert the other's ROLLBACK undid it.
    expect(await settlesWithin(begun, 100)).toBe(false);
    expect(await first.send(SYNC)).toBe('I');
    expect(await begun).toBe('T');
    expect(await other.send(queryMessage('ROLLBACK'))).toBe('I');
    if (id !== undefined) expect((await db.query('select id from notes where id = $1', [id])).rows).toEqual([{ id }]);
    first.socket.destroy();
    other.socket.destroy();
  },
);

test('a connection that hangs up between Flush and Sync is rolled back and leaves PGlite usable', async () => {
  for (const { sql, answer } of [MID_QUERY[0], { sql: 'insert into notes values (2)', answer: 'C' }]) {
    const leaver = await connected();
    await leaver.types(extendedQuery(sql), answer);
    leaver.socket.destroy();
    const next = await connected();
    // As on a real server, a client gone before its Sync has its statement rolled back.
    expect(await settlesWithin(next.send(queryMessage('BEGIN')), 2000)).toBe(true);
    expect(await next.send(queryMessage('ROLLBACK'))).toBe('I');
    next.socket.destroy();
  }
  expect((await db.query('select id from notes where id = 2')).rows).toEqual([]);
});

test('a result far larger than a socket takes at once arrives whole, each row as PGlite made it', async () => {
  const client = await connected();
  // About 13 MB: PGlite hands the rows over in chunks faster than the socket sends them, so most are queued.
  const rows = 20_000;
  const answers = await client.answers(
    queryMessage(`select i, repeat(md5(i::text), 20) as text from generate_series(1, ${rows}) i`),
    'Z',
  );
  const dataRows = answers.filter((answer) => answer.type === 'D');
  expect(dataRows).toHaveLength(rows);
  const wrong = dataRows.filter((row, index) => {
    const first = row.body.readInt32BE(2);
    const id = row.body.subarray(6, 6 + first).toString();
    const text = row.body.subarray(10 + first).toString();
    return id !== String(index + 1) || text !== createHash('md5').update(id).digest('hex').repeat(20);
  });
  expect(wrong).toHaveLength(0);
  client.socket.destroy();
});
