/**
 * The embedded database's wire server (scripts/lib/pglite-server.ts) over raw sockets: a connection that holds a
 * transaction keeps PGlite to itself, and one that hangs up while it waits for its turn leaves nothing behind.
 */
import { connect, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { servePGlite, type PGliteServer } from '../../scripts/lib/pglite-server.ts';

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

/** A raw client: sends messages and waits for the server's ReadyForQuery ('Z'), returning its status letter. */
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

  /** Sends `message` and resolves with the transaction status of the next ReadyForQuery ('I' idle, 'T' in one). */
  async send(message: Buffer): Promise<string> {
    this.received = Buffer.alloc(0);
    this.socket.write(message);
    for (;;) {
      const at = this.received.length - 6;
      if (at >= 0 && this.received[at] === 0x5a && this.received.readInt32BE(at + 1) === 5) {
        return String.fromCharCode(this.received[at + 5]!);
      }
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }
}

let db: PGlite;
let server: PGliteServer;

beforeAll(async () => {
  db = await PGlite.create();
  server = await servePGlite(db);
});

afterAll(async () => {
  await server.close();
  // Let the server drop its closed connections before PGlite goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  await db.close();
});

test('a connection that hangs up while waiting behind a transaction does not leave one open for everyone after it', async () => {
  const holder = new RawClient(server.port);
  const leaver = new RawClient(server.port);
  expect(await holder.send(startup)).toBe('I');
  expect(await leaver.send(startup)).toBe('I');
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
    expect(await next.send(startup)).toBe('I');
    expect(await next.send(queryMessage('select 1'))).toBe('I');
    next.socket.destroy();
  }
  holder.socket.destroy();
});
