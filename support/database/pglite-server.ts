/**
 * Serves one PGlite over the Postgres wire protocol to many connections at once.
 *
 * pglite-socket's own multiplexer (0.2.x) queues single messages, so two connections' extended-query
 * messages interleave (A: Parse, B: Parse, A: Bind → "unnamed prepared statement does not exist") and
 * results get mixed under load. Here a connection runs a whole batch (up to its Sync, Flush or simple Query)
 * alone, and keeps PGlite to itself until its extended query reaches Sync and while it has a transaction open
 * (BEGIN … COMMIT/ROLLBACK).
 *
 * The Neon driver (like node-postgres) ends every extended query with Flush then Sync. Between the two PGlite's one
 * backend is mid-query: an implicit transaction is open, and after an error it skips every message until a Sync.
 * Letting another connection in there would have its BEGIN go unanswered (its request hangs) or have its ROLLBACK
 * undo a statement already answered, so the connection keeps PGlite until its Sync.
 *
 * Any program on the machine can reach 127.0.0.1, so a connection must give the server's password (a random one per
 * start, handed to the functions in their `DATABASE_URL`) before PGlite sees anything from it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/** A running wire-protocol server. */
export interface PGliteServer {
  /** `127.0.0.1:<port>`. */
  readonly address: string;
  /** Port it listens on. */
  readonly port: number;
  /** The password a connection must give (user `postgres`). */
  readonly password: string;
  /** Closes every connection (rolling back an open transaction) and stops listening. */
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
// Messages after which a client waits for answers: Sync, simple Query, Flush, Terminate.
const BATCH_END = new Set([0x53, 0x51, 0x48, 0x58]);
const TERMINATE = 0x58;
const FLUSH = 0x48;
const PASSWORD_MESSAGE = 0x70;

/** AuthenticationCleartextPassword: the server asks for the password. */
const ASK_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

/** A FATAL ErrorResponse with SQLSTATE 28P01 (invalid_password). */
const WRONG_PASSWORD = (() => {
  const fields = Buffer.from(
    'SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "postgres"\0\0',
    'latin1',
  );
  const header = Buffer.alloc(5);
  header[0] = 0x45;
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
})();

const digest = (text: string | Buffer) => createHash('sha256').update(text).digest();

/** A frontend message: `type`, then its length (itself included) and `body`. */
function frontendMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = type.charCodeAt(0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

// What ends whatever a connection that went away left behind: an implicit transaction is rolled back (a simple
// ROLLBACK; skipped after an error), the skip-until-Sync state ends, then an explicit transaction is rolled back.
const ROLLBACK = frontendMessage('Q', Buffer.from('ROLLBACK\0'));
const RESET = [ROLLBACK, frontendMessage('S', Buffer.alloc(0)), ROLLBACK];

/** How long a connection may wait for its turn before the wait is logged. */
const SLOW_WAIT_MS = 10_000;

/** Hands PGlite to one connection at a time, and keeps it with a connection mid-query or inside a transaction. */
class Scheduler {
  private owner: Connection | undefined;
  private readonly waiting: { connection: Connection; wake: () => void }[] = [];
  private readonly db: PGlite;

  constructor(db: PGlite) {
    this.db = db;
  }

  /**
   * Runs `work` with PGlite to itself; afterwards keeps it for `connection` while its extended query waits for
   * Sync or a transaction is open.
   */
  async run(connection: Connection, work: () => Promise<void>): Promise<void> {
    if (this.owner !== connection) {
      if (this.owner) await this.waitTurn(connection);
      this.owner = connection;
    }
    try {
      // A connection that closed while it waited has nobody to answer, and a BEGIN in its batch would leave a
      // transaction that no one ends: everyone after it would wait for PGlite forever.
      if (!connection.closed) await this.db.runExclusive(work);
    } finally {
      if (connection.closed) await this.reset();
      if (connection.closed || (!connection.awaitingSync && !this.db.isInTransaction())) this.release(connection);
    }
  }

  /** Drops a closed connection: ends what it left open and passes PGlite on. */
  async forget(connection: Connection): Promise<void> {
    if (this.owner !== connection) return;
    await this.reset();
    this.release(connection);
  }

  private async waitTurn(connection: Connection): Promise<void> {
    const since = Date.now();
    const slow = setInterval(() => {
      const owner = this.owner;
      console.warn(
        `embedded database: a connection has waited ${Math.round((Date.now() - since) / 1000)} s for another ` +
          `(${owner?.awaitingSync ? 'between its Flush and Sync' : 'in a transaction'}, ` +
          `idle ${owner ? Math.round((Date.now() - owner.lastActive) / 1000) : 0} s)`,
      );
    }, SLOW_WAIT_MS);
    slow.unref();
    try {
      await new Promise<void>((wake) => this.waiting.push({ connection, wake }));
    } finally {
      clearInterval(slow);
    }
  }

  /** Ends an unfinished extended query and any transaction, discarding the answers (nobody is there to read them). */
  private async reset(): Promise<void> {
    await this.db
      .runExclusive(async () => {
        for (const message of RESET) {
          await this.db.execProtocolRawStream(message, { syncToFs: false, onRawData: () => {} });
        }
      })
      .catch(() => {});
  }

  private release(connection: Connection): void {
    if (this.owner !== connection) return;
    this.owner = undefined;
    const next = this.waiting.shift();
    if (next) {
      this.owner = next.connection;
      next.wake();
    }
  }
}

/** One client socket: splits its bytes into messages and batches. */
class Connection {
  closed = false;
  /** True between a batch that ended with Flush and the Sync that completes its extended query. */
  awaitingSync = false;
  /** When its last batch ran (for the slow-wait log). */
  lastActive = Date.now();
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  /** The startup message, held back until the password is given. */
  private startup: Buffer | undefined;
  private batch: Buffer[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly socket: Socket;
  private readonly db: PGlite;
  private readonly scheduler: Scheduler;

  private readonly password: Buffer;

  constructor(socket: Socket, db: PGlite, scheduler: Scheduler, password: Buffer) {
    this.password = password;
    this.socket = socket;
    this.db = db;
    this.scheduler = scheduler;
    socket.setNoDelay(true);
    socket.on('data', (data) => this.receive(data));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
      this.chain = this.chain.then(() => this.scheduler.forget(this));
    });
  }

  private receive(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    for (;;) {
      const message = this.started ? this.takeTyped() : this.takeStartup();
      if (!message) return;
      if (message.length === 0) continue;
      if (!this.started) {
        this.started = true;
        this.startup = message;
        this.socket.write(ASK_PASSWORD);
        continue;
      }
      if (this.startup) {
        if (!this.passwordGiven(message)) {
          this.closed = true;
          this.socket.end(WRONG_PASSWORD);
          return;
        }
        this.batch.push(this.startup);
        this.startup = undefined;
        this.flushBatch(false);
        continue;
      }
      this.batch.push(message);
      if (BATCH_END.has(message[0]!)) this.flushBatch(message[0] === TERMINATE);
    }
  }

  /** True for a PasswordMessage carrying the server's password (compared in constant time). */
  private passwordGiven(message: Buffer): boolean {
    if (message[0] !== PASSWORD_MESSAGE) return false;
    const given = message.subarray(5, message.length - 1);
    return timingSafeEqual(digest(given), this.password);
  }

  /** The untyped startup message; answers SSL/GSS requests with 'N' and returns an empty marker for them. */
  private takeStartup(): Buffer | undefined {
    if (this.buffer.length < 8) return undefined;
    const length = this.buffer.readInt32BE(0);
    if (this.buffer.length < length) return undefined;
    const code = this.buffer.readInt32BE(4);
    const message = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      this.socket.write('N');
      return Buffer.alloc(0);
    }
    if (code === CANCEL_REQUEST) {
      this.socket.end();
      return Buffer.alloc(0);
    }
    return Buffer.from(message);
  }

  private takeTyped(): Buffer | undefined {
    if (this.buffer.length < 5) return undefined;
    const length = 1 + this.buffer.readInt32BE(1);
    if (this.buffer.length < length) return undefined;
    const message = Buffer.from(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return message;
  }

  private flushBatch(terminate: boolean): void {
    const messages = this.batch;
    this.batch = [];
    this.chain = this.chain
      .then(async () => {
        if (terminate) {
          this.socket.end();
          return;
        }
        if (this.closed) return;
        await this.scheduler.run(this, async () => {
          this.lastActive = Date.now();
          this.awaitingSync = messages.at(-1)?.[0] === FLUSH;
          for (const message of messages) {
            await this.db.execProtocolRawStream(message, {
              syncToFs: false,
              // The chunk is a view of PGlite's memory, which its next chunk overwrites: a socket that cannot send
              // at once queues what it is given, so it is given a copy.
              onRawData: (chunk) => {
                if (!this.closed) this.socket.write(Buffer.from(chunk));
              },
            });
          }
          // Persist once a change is committed, not after every message of a transaction.
          if (!this.db.isInTransaction()) await this.db.syncToFs();
        });
      })
      .catch(() => {
        this.socket.destroy();
      });
  }
}

/** Serves `db` on 127.0.0.1 (port 0: a free one) to connections that give `password` (default: a random one). */
export async function servePGlite(
  db: PGlite,
  port = 0,
  password: string = randomBytes(24).toString('hex'),
): Promise<PGliteServer> {
  await db.waitReady;
  const expected = digest(password);
  const scheduler = new Scheduler(db);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, db, scheduler, expected);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    password,
    address: `127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
