/**
 * Password hashing with argon2id from node:crypto (Node 24.7+), stored as a PHC string
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) so other argon2 tools can read it and the cost can be
 * raised later without breaking existing hashes.
 *
 * Every hash of the process runs through one small queue ({@link HASH_QUEUE}): a few at a time, a bounded number
 * waiting, and the rest refused with {@link HashingBusy} (the functions answer 429 with `Retry-After`). A flood of
 * sign-ins therefore waits its turn or is refused at once, never runs the machine out of memory or time. Work for
 * someone already known (a staff member on a device they signed in from, a password change behind a session, a
 * valid one-time link) goes ahead of the queue, and one such hash starts at once in a spare turn of its own, so a
 * flood of other names does not keep staff out.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 9106's second recommended option: 64 MiB, 3 passes, 4 lanes: the cost of every hash the functions and scripts make. */
export const PASSWORD_COST: Cost = { memory: 65_536, passes: 3, parallelism: 4 };
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** An argon2id cost; a stored hash names its own, and is checked at it. */
export interface Cost {
  memory: number;
  passes: number;
  parallelism: number;
}

/** How the process's hashes are queued. */
export const HASH_QUEUE = {
  /** Hashes computed at once (each holds its cost's memory while it runs). */
  running: 2,
  /** Hashes that may wait for a turn; one more is refused. Work ahead of the queue is never refused. */
  waiting: 16,
  /** Turns kept for work ahead of the queue beyond `running`: a known staff member never waits for a stranger's hash. */
  spare: 1,
  /** Longest expected wait (from the recent hashes' duration) an ordinary hash is queued for; a longer one is refused. */
  maxWaitMs: 5_000,
} as const;

/** How many hashes run and wait at once. */
export interface QueueLimits {
  readonly running: number;
  readonly waiting: number;
  readonly spare: number;
  readonly maxWaitMs: number;
}

/** Thrown when the queue is full: the caller answers 429, asking to come back after `retryAfterSeconds`. */
export class HashingBusy extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Too many password checks at once');
    this.name = 'HashingBusy';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Whose hash it is: `ahead` goes before every ordinary one and is never refused. */
export type HashPriority = 'ahead' | 'ordinary';

interface Waiter {
  start: () => void;
}

/** A queue of hashes: {@link HASH_QUEUE}'s limits unless told otherwise. */
export class HashQueue {
  readonly #limits: QueueLimits;
  #running = 0;
  /** Work ahead of the queue running in a spare turn (counted in `#running` too). */
  #spareRunning = 0;
  #started = 0;
  readonly #ahead: Waiter[] = [];
  readonly #ordinary: Waiter[] = [];
  /** A running average of one hash's duration, for `Retry-After`. */
  #averageMs = 250;

  constructor(limits: QueueLimits = HASH_QUEUE) {
    this.#limits = limits;
  }

  /** Hashes running and waiting now, and started since the process began. */
  get state(): { running: number; waiting: number; started: number } {
    return { running: this.#running, waiting: this.#ahead.length + this.#ordinary.length, started: this.#started };
  }

  /** Runs `work` when its turn comes; throws {@link HashingBusy} when an ordinary one finds the queue full. */
  async run<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
    let spare = false;
    const queued = this.#ahead.length + this.#ordinary.length;
    if (this.#running < this.#limits.running + this.#spareRunning && queued === 0) {
      this.#running += 1;
    } else if (priority === 'ahead' && this.#spareRunning < this.#limits.spare) {
      spare = true;
      this.#spareRunning += 1;
      this.#running += 1;
    } else {
      // Turns until this one runs, each as long as a recent hash: on a slow or busy machine the queue is shorter.
      const waitMs = ((this.#ahead.length + this.#ordinary.length) / this.#limits.running + 1) * this.#averageMs;
      if (
        priority === 'ordinary' &&
        (this.#ordinary.length >= this.#limits.waiting || waitMs > this.#limits.maxWaitMs)
      ) {
        throw new HashingBusy(Math.max(1, Math.ceil(waitMs / 1000)));
      }
      await new Promise<void>((start) => (priority === 'ahead' ? this.#ahead : this.#ordinary).push({ start }));
    }
    this.#started += 1;
    const began = performance.now();
    try {
      return await work();
    } finally {
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - began);
      const next = spare ? undefined : (this.#ahead.shift() ?? this.#ordinary.shift());
      // An ordinary turn passes straight to the next waiter; a spare turn, or one nobody waits for, is freed.
      if (next) next.start();
      else {
        this.#running -= 1;
        if (spare) this.#spareRunning -= 1;
      }
    }
  }
}

/** The queue every hash of this process goes through. */
export const hashQueue = new HashQueue();

function derive(
  password: string,
  salt: Buffer,
  cost: Cost,
  tagLength: number,
  priority: HashPriority = 'ordinary',
): Promise<Buffer> {
  return hashQueue.run(
    priority,
    () =>
      new Promise((resolve, reject) => {
        argon2('argon2id', { message: password, nonce: salt, tagLength, ...cost }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/**
 * Hashes a password into a PHC string with a fresh random salt, at {@link PASSWORD_COST} unless told otherwise;
 * `priority` places it in the queue.
 */
export async function hashPassword(
  password: string,
  cost: Cost = PASSWORD_COST,
  priority: HashPriority = 'ordinary',
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive(password, salt, cost, TAG_BYTES, priority);
  return `$argon2id$v=19$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(tag)}`;
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = 'ordinary',
): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const cost = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost, expected.length, priority);
  return timingSafeEqual(actual, expected);
}

/** A throw-away hash at full cost, checked for unknown users; started at load so the first one costs the same too. */
export const dummyHash: Promise<string> = hashPassword(randomBytes(18).toString('base64'), PASSWORD_COST, 'ahead');

/**
 * Checks a password against an account's hash, or against a throw-away hash when there is no such
 * account, so an unknown user and a wrong password take about the same time.
 */
export async function checkLogin(
  password: string,
  stored: string | undefined,
  priority: HashPriority = 'ordinary',
): Promise<boolean> {
  if (stored === undefined) {
    await verifyPassword(password, await dummyHash, priority);
    return false;
  }
  return verifyPassword(password, stored, priority);
}
